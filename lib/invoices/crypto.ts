import { and, eq } from 'drizzle-orm';
import { audit, type Actor } from '../audit/service';
import type { Db } from '../db/client';
import { minorUnitsOf } from '../format/money';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext } from '../http/route';
import { cryptoAmount } from './money';
import { assertAmount, assertPayable, payableNow, paymentOrThrow, settle } from './payments';
import { providerFor } from './providers';
import type { ChargeUpdate } from './providers/types';
import { QUOTE_MINUTES, type Coin, type InvoiceView } from './schemas';
import { announce, fullView, getInvoiceOrThrow, getProjectInvoiceOrThrow } from './service';
import { loadSettings } from './settings';
import { invoicePayments, type InvoicePayment } from './tables';

// Crypto payments: quotes locked at a processor's rate, and the processors' news about them.
// Which processor serves an invoice is providerFor's rule: a test invoice the test processor,
// a real one BTCPay Server (when set up), nothing else.

/**
 * A crypto quote: the coin amount for `amount` of the invoice's currency at the processor's
 * rate, locked for 15 minutes. A new quote replaces the invoice's open ones (renewing an
 * expired quote is asking for a new one).
 */
export async function createQuote(ctx: ProjectContext, id: string, input: { coin: Coin; amount: string }): Promise<InvoiceView> {
  const first = await getProjectInvoiceOrThrow(ctx, id);
  assertPayable(first);
  const provider = providerFor(first, await loadSettings(ctx.db));
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
    // The test processor's word counts for test invoices only; for a real one it changes nothing.
    if (provider === 'test' && !invoice.test) return null;
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

/** The test provider's "the payer paid": there is no such call for a real invoice (404). */
export async function simulateTestPayment(ctx: ProjectContext, id: string, paymentId: string): Promise<InvoiceView> {
  const invoice = await getProjectInvoiceOrThrow(ctx, id);
  if (!invoice.test) throw new HttpError(404, 'notFound');
  const payment = await paymentOrThrow(ctx.db, invoice.id, paymentId);
  if (payment.method !== 'crypto' || payment.provider !== 'test' || payment.status !== 'pending') throw new HttpError(409, 'invoicesPaymentDecided');
  if (payment.expiresAt && payment.expiresAt < new Date()) {
    await applyChargeUpdate(ctx.db, 'test', { ref: payment.providerRef!, status: 'Expired' });
    throw new HttpError(409, 'invoicesQuoteExpired');
  }
  await applyChargeUpdate(ctx.db, 'test', { ref: payment.providerRef!, status: 'Settled' });
  return fullView(ctx.db, await getProjectInvoiceOrThrow(ctx, id));
}
