import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { RootInvoices } from '@/components/invoices/root/RootInvoices';
import { rootViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectChoices } from '@/lib/invoices/pages';
import { listAllInvoices } from '@/lib/invoices/service';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('invoices');
  return { title: t('rootTitle'), robots: { index: false } };
}

export default async function RootInvoicesPage({ params }: Props) {
  await pageLocale(params);
  await rootViewer();
  const t = await getTranslations('invoices');
  const [invoices, projects] = await Promise.all([listAllInvoices(getDb(), {}), projectChoices()]);
  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold">{t('rootTitle')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('rootLead')}</p>
      <TextScope namespaces={['invoices', 'validation']}>
        <RootInvoices initial={invoices} projects={projects} />
      </TextScope>
    </div>
  );
}
