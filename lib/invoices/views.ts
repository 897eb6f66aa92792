import type { DisplayStatus, InvoiceSummary, InvoiceView, PaymentView } from './schemas';
import type { Invoice, InvoicePayment } from './tables';

// Rows to what the API sends: amounts as digit strings (bigint does not travel in JSON).

/** Today's date in UTC (YYYY-MM-DD): the day the platform's invoice jobs run for. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Open invoices past their due date show as overdue; the stored status stays what happened.
 * `today` is the billed project's (its time zone), as the home's figures count it.
 */
export function displayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): DisplayStatus {
  if ((invoice.status === 'sent' || invoice.status === 'viewed' || invoice.status === 'partial') && invoice.dueDate < today) return 'overdue';
  return invoice.status;
}

export function dueOf(invoice: Pick<Invoice, 'total' | 'paid'>): bigint {
  const due = invoice.total - invoice.paid;
  return due > 0n ? due : 0n;
}

export function summaryOf(invoice: Invoice, projectName: string, today: string): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    test: invoice.test,
    projectId: invoice.projectId,
    projectName,
    status: displayStatus(invoice, today),
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    total: invoice.total.toString(),
    paid: invoice.paid.toString(),
    due: dueOf(invoice).toString(),
    recurrence: invoice.recurrence,
  };
}

export function paymentOf(p: InvoicePayment): PaymentView {
  return {
    id: p.id,
    method: p.method,
    status: p.status,
    amount: p.amount.toString(),
    coin: p.coin,
    coinAmount: p.coinAmount?.toString() ?? null,
    rate: p.rate,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    provider: p.provider,
    providerStatus: p.providerStatus,
    checkoutUrl: p.checkoutUrl,
    proofName: p.proof?.name ?? null,
    note: p.note,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

export function viewOf(invoice: Invoice, projectName: string, payments: InvoicePayment[], today: string): InvoiceView {
  const pending = payments.filter((p) => p.status === 'pending' && p.method === 'transfer').reduce((a, p) => a + p.amount, 0n);
  return {
    ...summaryOf(invoice, projectName, today),
    terms: invoice.terms,
    notes: invoice.notes,
    lines: invoice.lines.map((l, i) => ({ ...l, amount: invoice.breakdown.lines[i] ?? '0' })),
    discount: invoice.discount ?? null,
    taxes: invoice.taxes.map((t, i) => ({ ...t, amount: invoice.breakdown.taxes[i] ?? '0' })),
    subtotal: invoice.subtotal.toString(),
    discountTotal: invoice.discountTotal.toString(),
    taxTotal: invoice.taxTotal.toString(),
    sentAt: invoice.sentAt?.toISOString() ?? null,
    viewedAt: invoice.viewedAt?.toISOString() ?? null,
    nextIssueDate: invoice.nextIssueDate ?? null,
    payments: payments.map(paymentOf),
    pending: pending.toString(),
  };
}
