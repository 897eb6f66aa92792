import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { InvoicesList } from '@/components/invoices/InvoicesList';
import { connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { invoiceListSchema } from '@/lib/invoices/schemas';
import { listProjectInvoices } from '@/lib/invoices/service';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('invoices');
  return { title: t('title'), robots: { index: false } };
}

export default async function InvoicesPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('invoices');
  const t = await getTranslations('invoices');
  // `?due=overdue|soon`: the dashboard home's figures link here; an unknown value lists everything.
  const parsed = invoiceListSchema.safeParse({ due: (await searchParams).due });
  const due = (parsed.success && parsed.data.due) || '';
  const invoices = await listProjectInvoices({ db: getDb(), project: viewer.project }, { due });
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['invoices']}>
        <InvoicesList initial={{ due, invoices }} />
      </TextScope>
    </div>
  );
}
