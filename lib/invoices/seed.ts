import type { Tx } from '../db/client';
import { nextInvoiceNumber } from './numbering';
import { figuresOf } from './figures';
import { invoiceBilling, invoicePayments, invoiceSettings, invoices } from './tables';

// Demo Studio's bills on first start: one paid, one open, one overdue, with a bank account
// so the pay page has something to show and both parties' details for the PDF. They are
// made up, so they are test invoices: labelled, and payable in crypto through the test processor only.

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const PLAN = { description: 'Atrio Studio plan (monthly)', quantity: '1', unitPrice: '4900' };
const STORAGE = { description: 'Extra storage, GB', quantity: '12.5', unitPrice: '15.5' };
const TAXES = [{ name: 'VAT', rate: '21', compound: false }];

export async function seedDemoInvoices(tx: Tx, projectId: string): Promise<void> {
  await tx
    .insert(invoiceSettings)
    .values({
      id: 1,
      bankInstructions: 'Reference: your invoice number',
      issuerName: 'Atrio Platform Ltd',
      issuerAddress: '1 Example Street\nLondon EC1A 1AA\nUnited Kingdom',
      issuerTaxId: 'GB 123 4567 89',
      bankHolder: 'Atrio Platform Ltd',
      // The standard's own example IBAN and BIC: valid in form, no real account.
      bankAccount: 'GB82 WEST 1234 5698 7654 32',
      bankBic: 'WESTGB2L',
      bankName: 'Demo Bank',
    })
    .onConflictDoNothing();
  await tx
    .insert(invoiceBilling)
    .values({ projectId, legalName: 'Demo Studio SL', address: 'Calle de Ejemplo 1\n28001 Madrid\nSpain', taxId: 'ESB12345678' })
    .onConflictDoNothing();
  const demo = [
    { issue: -60, due: -30, status: 'paid' as const, lines: [PLAN] },
    { issue: -5, due: 25, status: 'sent' as const, lines: [PLAN, STORAGE] },
    { issue: -40, due: -10, status: 'viewed' as const, lines: [PLAN] },
  ];
  for (const d of demo) {
    const figures = figuresOf({
      currency: 'USD',
      issueDate: day(d.issue),
      dueDate: day(d.due),
      terms: 'Net 30',
      notes: '',
      lines: d.lines,
      taxes: TAXES,
      discount: null,
      recurrence: 'none',
    });
    const [row] = await tx
      .insert(invoices)
      .values({
        ...figures,
        projectId,
        number: await nextInvoiceNumber(tx, figures.issueDate),
        status: d.status,
        test: true,
        paid: d.status === 'paid' ? figures.total : 0n,
        sentAt: new Date(`${figures.issueDate}T09:00:00Z`),
        viewedAt: d.status === 'sent' ? null : new Date(`${figures.issueDate}T12:00:00Z`),
        paidAt: d.status === 'paid' ? new Date(`${day(d.due - 2)}T10:00:00Z`) : null,
      })
      .returning();
    if (d.status === 'paid')
      await tx.insert(invoicePayments).values({
        invoiceId: row.id,
        projectId,
        method: 'manual',
        status: 'confirmed',
        amount: figures.total,
        note: 'Bank transfer received',
        decidedAt: row.paidAt,
        createdAt: row.paidAt ?? new Date(),
      });
  }
}
