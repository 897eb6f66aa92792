import { and, eq, isNull, ne, or, sum } from 'drizzle-orm';
import { audit } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext, type SignedInContext } from '../http/route';
import type { InvoiceView } from './schemas';
import { announce, fullView, getInvoiceOrThrow, getProjectInvoiceOrThrow } from './service';
import { invoicePayments, invoices, type Invoice, type InvoicePayment, type ProofFile } from './tables';
import { dueOf } from './views';

// Payments: root's manual records and transfer decisions, and the project's transfers (crypto
// lives in crypto.ts). Only confirmed payments count towards `paid`, and the invoice's figures
// are recomputed from them in the same transaction.

const OPEN = ['sent', 'viewed', 'partial'] as const;

export function assertPayable(invoice: Invoice) {
  if (!(OPEN as readonly string[]).includes(invoice.status)) throw new HttpError(409, 'invoicesNotPayable');
}

/**
 * `paid` from the confirmed payments, and the status that follows from it. A real invoice
 * never counts the test processor's payments, whatever their state says: the last guard of the
 * rule that made-up money settles made-up bills only.
 */
export async function settle(tx: Tx, invoice: Invoice): Promise<Invoice> {
  const counted = invoice.test ? undefined : or(isNull(invoicePayments.provider), ne(invoicePayments.provider, 'test'));
  const [{ total }] = await tx
    .select({ total: sum(invoicePayments.amount) })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.status, 'confirmed'), counted));
  const paid = BigInt(total ?? 0);
  let status = invoice.status;
  if (status !== 'void' && status !== 'draft') status = paid >= invoice.total ? 'paid' : paid > 0n ? 'partial' : invoice.viewedAt ? 'viewed' : 'sent';
  const [row] = await tx
    .update(invoices)
    .set({ paid, status, paidAt: status === 'paid' ? (invoice.paidAt ?? new Date()) : null, updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return row;
}

/** What a new transfer or quote may still ask for: what is due less the transfers awaiting root. */
export async function payableNow(tx: Tx, invoice: Invoice): Promise<bigint> {
  const [{ total }] = await tx
    .select({ total: sum(invoicePayments.amount) })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.status, 'pending'), eq(invoicePayments.method, 'transfer')));
  return dueOf(invoice) - BigInt(total ?? 0);
}

export function assertAmount(amount: bigint, max: bigint) {
  if (amount > max) throw new HttpError(400, 'invalidInput', { amount: 'invoicesAmountTooLarge' }, { max: max.toString() });
}

// ——— Root ———

export async function recordManualPayment(ctx: SignedInContext, id: string, input: { amount: string; note?: string }): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getInvoiceOrThrow(tx, id, true);
    assertPayable(current);
    const amount = BigInt(input.amount);
    assertAmount(amount, dueOf(current));
    const now = new Date();
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId: id,
        projectId: current.projectId,
        method: 'manual',
        status: 'confirmed',
        amount,
        note: input.note ?? '',
        createdBy: ctx.viewer.user.id,
        decidedBy: ctx.viewer.user.id,
        decidedAt: now,
      })
      .returning();
    const row = await settle(tx, current);
    await audit(
      tx,
      { ...actorOf(ctx), projectId: current.projectId },
      {
        action: 'invoice.payment',
        target: { type: 'invoice', id },
        data: { number: row.number, paymentId: payment.id, method: 'manual', amount: amount.toString(), status: row.status },
      },
    );
    return row;
  });
  announce(invoice);
  return fullView(ctx.db, invoice);
}

/** Root confirms or rejects a transfer proof (or a crypto charge a processor left in doubt). */
export async function decidePayment(
  ctx: SignedInContext,
  id: string,
  paymentId: string,
  input: { decision: 'confirm' | 'reject'; note?: string },
): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getInvoiceOrThrow(tx, id, true);
    const payment = await paymentOrThrow(tx, current.id, paymentId);
    if (payment.status !== 'pending') throw new HttpError(409, 'invoicesPaymentDecided');
    if (input.decision === 'confirm') assertPayable(current);
    await tx
      .update(invoicePayments)
      .set({
        status: input.decision === 'confirm' ? 'confirmed' : 'rejected',
        decidedBy: ctx.viewer.user.id,
        decidedAt: new Date(),
        note: input.note || payment.note,
      })
      .where(eq(invoicePayments.id, payment.id));
    const row = await settle(tx, current);
    await audit(
      tx,
      { ...actorOf(ctx), projectId: current.projectId },
      {
        action: input.decision === 'confirm' ? 'invoice.paymentConfirm' : 'invoice.paymentReject',
        target: { type: 'invoice', id },
        data: { number: row.number, paymentId, method: payment.method, amount: payment.amount.toString(), status: row.status },
      },
    );
    return row;
  });
  announce(invoice);
  return fullView(ctx.db, invoice);
}

export async function paymentOrThrow(db: Db | Tx, invoiceId: string, paymentId: string): Promise<InvoicePayment> {
  if (!isUuid(paymentId)) throw new HttpError(404, 'notFound');
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

// ——— Project ———

/** A bank transfer the project says it made, with its proof already stored; pending until root confirms. */
export async function submitTransfer(ctx: ProjectContext, id: string, input: { amount: string; note?: string }, proof: ProofFile): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getProjectInvoiceOrThrow(ctx, id, tx, true);
    assertPayable(current);
    const amount = BigInt(input.amount);
    assertAmount(amount, await payableNow(tx, current));
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId: id,
        projectId: ctx.project.id,
        method: 'transfer',
        status: 'pending',
        amount,
        proof,
        note: input.note ?? '',
        createdBy: ctx.viewer.user.id,
      })
      .returning();
    await audit(tx, actorOf(ctx), {
      action: 'invoice.transfer',
      target: { type: 'invoice', id },
      data: { number: current.number, paymentId: payment.id, amount: amount.toString(), proof: proof.name },
    });
    return current;
  });
  announce(invoice);
  return fullView(ctx.db, invoice);
}
