import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { RootInvoiceDetail } from '@/components/invoices/root/RootInvoiceDetail';
import { rootViewer } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectChoices, rootInvoice } from '@/lib/invoices/pages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const { id } = await params;
  await rootViewer();
  const t = await getTranslations('invoices');
  return { title: `${t('invoice')} ${(await rootInvoice(id)).number}`, robots: { index: false } };
}

export default async function RootInvoicePage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  await rootViewer();
  const [invoice, projects] = await Promise.all([rootInvoice(id), projectChoices()]);
  return (
    <div className="max-w-5xl">
      <TextScope namespaces={['invoices', 'validation']}>
        <RootInvoiceDetail initial={invoice} projects={projects} />
      </TextScope>
    </div>
  );
}
