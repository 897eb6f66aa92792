import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { InvoiceDetail } from '@/components/invoices/InvoiceDetail';
import { can, connectedViewer } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectInvoice } from '@/lib/invoices/pages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const { id } = await params;
  const t = await getTranslations('invoices');
  const { invoice } = await projectInvoice(await connectedViewer('invoice'), id);
  return { title: `${t('invoice')} ${invoice.number}`, robots: { index: false } };
}

/** One invoice; the browser reads it again through the API on arrival, which records the first view. */
export default async function InvoicePage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const viewer = await connectedViewer('invoice');
  const data = await projectInvoice(viewer, id);
  return (
    <div className="max-w-5xl">
      <TextScope namespaces={['invoices']}>
        <InvoiceDetail initial={data} mayPay={can(viewer, 'INVOICES__PAY')} />
      </TextScope>
    </div>
  );
}
