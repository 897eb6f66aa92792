'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Receipt } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import { TableSkeleton } from '@/components/ui/Skeleton';
import { DUE_SOON_DAYS } from '@/lib/dashboard/days';
import { useText } from '@/lib/i18n/client';
import { invoiceStatusFilterAtom } from '@/lib/invoices/atoms';
import { invoicesQuery, useInvoiceEvents } from '@/lib/invoices/queries';
import { useUrlParam } from '@/lib/shell/use-url-param';
import { DUE_FILTERS, type DueFilter as Due, type InvoiceSummary } from '@/lib/invoices/schemas';
import { DueFilter } from './DueFilter';
import { InvoiceTable } from './InvoiceTable';
import { StatusFilter } from './StatusFilter';

/**
 * The project's invoices; the server's first page seeds the list it rendered, the socket keeps it
 * current. The due filter lives in the URL (`?due=overdue|soon`), where the home's figures point.
 */
export function InvoicesList({ initial }: { initial: { due: Due | ''; invoices: InvoiceSummary[] } }) {
  const status = useAtomValue(invoiceStatusFilterAtom);
  const [due, setDue] = useUrlParam('due', DUE_FILTERS);
  const seeded = status === '' && due === initial.due;
  const { data, isFetching } = useQuery({ ...invoicesQuery(status, due), initialData: seeded ? initial.invoices : undefined });
  const t = useText('invoices');
  useInvoiceEvents();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('filters')}>
        <StatusFilter filter={invoiceStatusFilterAtom} drafts={false} />
        <DueFilter value={due} onChange={setDue} />
      </div>
      {/* A status not fetched yet has no data: its rows' shape, not an empty table. */}
      {!data ? (
        <TableSkeleton rows={5} columns={5} />
      ) : data.length === 0 ? (
        <EmptyState icon={Receipt} text={due ? t(`due.empty.${due}`, { days: DUE_SOON_DAYS }) : t('empty')} />
      ) : (
        <InvoiceTable invoices={data} busy={isFetching} hrefOf={(i) => `/dashboard/invoices/${i.id}`} showProject={false} />
      )}
    </div>
  );
}
