import { computeTotals } from './money';
import type { InvoiceDraftInput } from './schemas';

/** The stored figures of an invoice, computed once by the rounding rule (money.ts). */
export function figuresOf(input: InvoiceDraftInput) {
  const lines = input.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice }));
  const taxes = input.taxes.map((t) => ({ name: t.name, rate: t.rate, compound: t.compound }));
  const discount = input.discount && input.discount.value !== '0' ? { kind: input.discount.kind, value: input.discount.value } : null;
  const totals = computeTotals({ lines, discount, taxes });
  return {
    currency: input.currency,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    terms: input.terms ?? '',
    notes: input.notes ?? '',
    lines,
    taxes,
    discount,
    recurrence: input.recurrence,
    breakdown: { lines: totals.lines.map(String), taxes: totals.taxes.map(String) },
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    taxTotal: totals.taxTotal,
    total: totals.total,
  };
}
