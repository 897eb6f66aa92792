import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';
import { decidePayment } from '@/lib/invoices/payments';
import { paymentDecisionSchema } from '@/lib/invoices/schemas';

/** Confirms or rejects a pending payment (a transfer proof). */
export const POST = route(
  async (req, ctx) => {
    const input = await readJson(req, paymentDecisionSchema);
    const invoice = await decidePayment(ctx, await param(ctx, 'id'), await param(ctx, 'paymentId'), input);
    return json({ invoice, message: ctx.t(input.decision === 'confirm' ? 'invoicesPaymentConfirmed' : 'invoicesPaymentRejected') });
  },
  { root: true },
);
