'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Receipt } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import { TableSkeleton } from '@/components/ui/Skeleton';
import { useText } from '@/lib/i18n/client';
import { invoiceStatusFilterAtom } from '@/lib/invoices/atoms';
import { invoicesQuery, useInvoiceEvents } from '@/lib/invoices/queries';
import type { InvoiceSummary } from '@/lib/invoices/schemas';
import { InvoiceTable } from './InvoiceTable';
import { StatusFilter } from './StatusFilter';

/** The project's invoices; the server's first page seeds the unfiltered list, the socket keeps it current. */
export function InvoicesList({ initial }: { initial: InvoiceSummary[] }) {
  const status = useAtomValue(invoiceStatusFilterAtom);
  const { data, isFetching } = useQuery({ ...invoicesQuery(status), initialData: status === '' ? initial : undefined });
  const t = useText('invoices');
  useInvoiceEvents();
  return (
    <div className="space-y-4">
      <StatusFilter filter={invoiceStatusFilterAtom} drafts={false} />
      {/* A status not fetched yet has no data: its rows' shape, not an empty table. */}
      {!data ? (
        <TableSkeleton rows={5} columns={5} />
      ) : data.length === 0 ? (
        <EmptyState icon={Receipt} text={t('empty')} />
      ) : (
        <InvoiceTable invoices={data} busy={isFetching} hrefOf={(i) => `/dashboard/invoices/${i.id}`} showProject={false} />
      )}
    </div>
  );
}
