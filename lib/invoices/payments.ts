import { and, eq, sum } from 'drizzle-orm';
import { audit, type Actor } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { minorUnitsOf } from '../format/money';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext, type SignedInContext } from '../http/route';
import { cryptoAmount } from './money';
import { providerFor } from './providers';
import type { ChargeUpdate } from './providers/types';
import { QUOTE_MINUTES, type Coin, type InvoiceView } from './schemas';
import { announce, fullView, getInvoiceOrThrow, getProjectInvoiceOrThrow } from './service';
import { loadSettings } from './settings';
import { invoicePayments, invoices, type Invoice, type InvoicePayment, type ProofFile } from './tables';
import { dueOf } from './views';

// Payments: root's manual records and transfer decisions, the project's transfers and crypto
// quotes, and the processors' updates. Only confirmed payments count towards `paid`, and the
// invoice's figures are recomputed from them in the same transaction.

const OPEN = ['sent', 'viewed', 'partial'] as const;

function assertPayable(invoice: Invoice) {
  if (!(OPEN as readonly string[]).includes(invoice.status)) throw new HttpError(409, 'invoicesNotPayable');
}

/** `paid` from the confirmed payments, and the status that follows from it. */
async function settle(tx: Tx, invoice: Invoice): Promise<Invoice> {
  const [{ total }] = await tx
    .select({ total: sum(invoicePayments.amount) })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.status, 'confirmed')));
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
async function payableNow(tx: Tx, invoice: Invoice): Promise<bigint> {
  const [{ total }] = await tx
    .select({ total: sum(invoicePayments.amount) })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.status, 'pending'), eq(invoicePayments.method, 'transfer')));
  return dueOf(invoice) - BigInt(total ?? 0);
}

function assertAmount(amount: bigint, max: bigint) {
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

/**
 * A crypto quote: the coin amount for `amount` of the invoice's currency at the processor's
 * rate, locked for 15 minutes. A new quote replaces the invoice's open ones (renewing an
 * expired quote is asking for a new one).
 */
export async function createQuote(ctx: ProjectContext, id: string, input: { coin: Coin; amount: string }): Promise<InvoiceView> {
  const settings = await loadSettings(ctx.db);
  const provider = providerFor(settings);
  const first = await getProjectInvoiceOrThrow(ctx, id);
  assertPayable(first);
  // The rate is fetched outside the transaction: a slow processor must not hold the invoice's lock.
  const rate = await provider.rate(input.coin, first.currency);
  const paymentId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + QUOTE_MINUTES * 60_000);
  const amount = BigInt(input.amount);
  const coinAmount = cryptoAmount(amount, minorUnitsOf(first.currency), rate, minorUnitsOf(input.coin));
  const charge = await provider.createCharge({ paymentId, invoiceNumber: first.number, coin: input.coin, coinAmount, expiresAt });
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getProjectInvoiceOrThrow(ctx, id, tx, true);
    assertPayable(current);
    assertAmount(amount, await payableNow(tx, current));
    await tx
      .update(invoicePayments)
      .set({ status: 'expired', decidedAt: new Date() })
      .where(
        and(
          eq(invoicePayments.invoiceId, id),
          eq(invoicePayments.method, 'crypto'),
          eq(invoicePayments.status, 'pending'),
          eq(invoicePayments.providerStatus, 'New'),
        ),
      );
    await tx.insert(invoicePayments).values({
      id: paymentId,
      invoiceId: id,
      projectId: ctx.project.id,
      method: 'crypto',
      status: 'pending',
      amount,
      coin: input.coin,
      coinAmount,
      rate,
      expiresAt,
      provider: provider.name,
      providerRef: charge.ref,
      providerStatus: 'New',
      checkoutUrl: charge.checkoutUrl,
      createdBy: ctx.viewer.user.id,
    });
    await audit(tx, actorOf(ctx), {
      action: 'invoice.quote',
      target: { type: 'invoice', id },
      data: {
        number: current.number,
        paymentId,
        coin: input.coin,
        coinAmount: coinAmount.toString(),
        rate,
        amount: amount.toString(),
        provider: provider.name,
      },
    });
    return current;
  });
  return fullView(ctx.db, invoice);
}

/**
 * A processor's news about a charge (webhook, or the test provider's simulate button). Settled
 * confirms the payment (late ones too: the coins arrived); Invalid rejects it; Expired without
 * any payment expires it; an expired charge that was partly paid stays pending for root to
 * decide. A payment already confirmed, rejected or expired never changes again, so a replayed
 * or out-of-order delivery changes nothing.
 */
export async function applyChargeUpdate(db: Db, provider: 'test' | 'btcpay', update: ChargeUpdate): Promise<{ changed: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.provider, provider), eq(invoicePayments.providerRef, update.ref)))
      .for('update');
    if (!payment || payment.status !== 'pending') return null;
    const flags = [update.paidPartial && 'paidPartial', update.paidOver && 'paidOver', update.paidLate && 'paidLate'].filter(Boolean).join(',');
    const providerStatus = flags ? `${update.status}:${flags}` : update.status;
    let status: InvoicePayment['status'] = 'pending';
    if (update.status === 'Settled') status = 'confirmed';
    else if (update.status === 'Invalid') status = 'rejected';
    else if (update.status === 'Expired' && !update.paidPartial) status = 'expired';
    if (status === 'pending' && providerStatus === payment.providerStatus) return null;
    const invoice = await getInvoiceOrThrow(tx, payment.invoiceId, true);
    await tx
      .update(invoicePayments)
      .set({ status, providerStatus, decidedAt: status === 'pending' ? null : new Date() })
      .where(eq(invoicePayments.id, payment.id));
    const row = status === 'confirmed' ? await settle(tx, invoice) : invoice;
    const actor: Actor = { userId: null, projectId: payment.projectId };
    await audit(tx, actor, {
      action: 'invoice.providerUpdate',
      target: { type: 'invoice', id: invoice.id },
      data: { number: row.number, paymentId: payment.id, provider, providerStatus, status, invoiceStatus: row.status },
    });
    return row;
  });
  if (result) announce(result);
  return { changed: Boolean(result) };
}

/** The test provider's "the payer paid": only while it is the configured processor. */
export async function simulateTestPayment(ctx: ProjectContext, id: string, paymentId: string): Promise<InvoiceView> {
  const settings = await loadSettings(ctx.db);
  if (settings.cryptoProvider !== 'test') throw new HttpError(404, 'notFound');
  const invoice = await getProjectInvoiceOrThrow(ctx, id);
  const payment = await paymentOrThrow(ctx.db, invoice.id, paymentId);
  if (payment.method !== 'crypto' || payment.provider !== 'test' || payment.status !== 'pending') throw new HttpError(409, 'invoicesPaymentDecided');
  if (payment.expiresAt && payment.expiresAt < new Date()) {
    await applyChargeUpdate(ctx.db, 'test', { ref: payment.providerRef!, status: 'Expired' });
    throw new HttpError(409, 'invoicesQuoteExpired');
  }
  await applyChargeUpdate(ctx.db, 'test', { ref: payment.providerRef!, status: 'Settled' });
  return fullView(ctx.db, await getProjectInvoiceOrThrow(ctx, id));
}
