'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';
import { invoiceQuery, useInvoiceEvents, type Paying } from '@/lib/invoices/queries';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { InvoiceSheet } from './InvoiceSheet';
import { PaymentsList } from './PaymentsList';

const PAYABLE = new Set(['sent', 'viewed', 'partial', 'overdue']);

/** One invoice for the project's staff: the document, its payments, the PDF, and Pay for those who may. */
export function InvoiceDetail({ initial, mayPay }: { initial: { invoice: InvoiceView; paying: Paying }; mayPay: boolean }) {
  const t = useText('invoices');
  // Read again through the API on arrival (initial data counts as old): that read records the first view.
  const { data } = useQuery({ ...invoiceQuery(initial.invoice.id), initialData: initial, initialDataUpdatedAt: 0 });
  useInvoiceEvents();
  const invoice = data.invoice;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap gap-2">
        <Link href="/dashboard/invoices" className={secondaryButton}>
          {t('back')}
        </Link>
        <a href={`/api/invoices/${invoice.id}/pdf`} className={secondaryButton} data-testid="invoice-pdf" target="_blank" rel="noopener">
          {t('pdf')}
        </a>
        {mayPay && PAYABLE.has(invoice.status) && invoice.due !== '0' && (
          <Link href={`/dashboard/invoices/${invoice.id}/pay`} className={primaryButton} data-testid="invoice-pay">
            {t('pay')}
          </Link>
        )}
      </div>
      <InvoiceSheet invoice={invoice} />
      <PaymentsList invoice={invoice} proofHref={(p) => `/api/invoices/${invoice.id}/payments/${p.id}/proof`} />
    </div>
  );
}
