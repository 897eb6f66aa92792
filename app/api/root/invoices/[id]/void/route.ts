import { json, param, route } from '@/lib/http/route';
import { voidInvoice } from '@/lib/invoices/service';

export const POST = route(
  async (_req, ctx) => {
    const invoice = await voidInvoice(ctx, await param(ctx, 'id'));
    return json({ invoice, message: ctx.t('invoicesVoided', { number: invoice.number }) });
  },
  { root: true },
);
