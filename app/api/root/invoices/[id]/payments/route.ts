import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';
import { recordManualPayment } from '@/lib/invoices/payments';
import { manualPaymentSchema } from '@/lib/invoices/schemas';

/** A payment root saw arrive (cash, a transfer on the statement): confirmed at once. */
export const POST = route(
  async (req, ctx) => {
    const invoice = await recordManualPayment(ctx, await param(ctx, 'id'), await readJson(req, manualPaymentSchema));
    return json({ invoice, message: ctx.t('invoicesPaymentRecorded') }, { status: 201 });
  },
  { root: true },
);
