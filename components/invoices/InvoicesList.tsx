'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { invoiceStatusFilterAtom } from '@/lib/invoices/atoms';
import { invoicesQuery, useInvoiceEvents } from '@/lib/invoices/queries';
import type { InvoiceSummary } from '@/lib/invoices/schemas';
import { InvoiceTable } from './InvoiceTable';
import { StatusFilter } from './StatusFilter';

/** The project's invoices; the server's first page seeds the unfiltered list, the socket keeps it current. */
export function InvoicesList({ initial }: { initial: InvoiceSummary[] }) {
  const status = useAtomValue(invoiceStatusFilterAtom);
  const { data, isFetching } = useQuery({ ...invoicesQuery(status), initialData: status === '' ? initial : undefined });
  useInvoiceEvents();
  return (
    <div className="space-y-4">
      <StatusFilter filter={invoiceStatusFilterAtom} drafts={false} />
      <InvoiceTable invoices={data ?? []} busy={isFetching} hrefOf={(i) => `/dashboard/invoices/${i.id}`} showProject={false} />
    </div>
  );
}
