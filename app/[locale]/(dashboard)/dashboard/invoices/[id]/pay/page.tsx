import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { PayPanel } from '@/components/invoices/PayPanel';
import { connectedViewer } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectInvoice } from '@/lib/invoices/pages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const { id } = await params;
  const t = await getTranslations('invoices');
  const { invoice } = await projectInvoice(await connectedViewer('invoicePay'), id);
  return { title: t('payPage.title', { number: invoice.number }), robots: { index: false } };
}

export default async function InvoicePayPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const viewer = await connectedViewer('invoicePay');
  const t = await getTranslations('invoices');
  const data = await projectInvoice(viewer, id);
  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('payPage.title', { number: data.invoice.number })}</h1>
      <TextScope namespaces={['invoices']}>
        <PayPanel initial={data} />
      </TextScope>
    </div>
  );
}
