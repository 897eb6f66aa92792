import { json, param, route } from '@/lib/http/route';
import { stopRecurrence } from '@/lib/invoices/service';

export const DELETE = route(
  async (_req, ctx) => {
    const invoice = await stopRecurrence(ctx, await param(ctx, 'id'));
    return json({ invoice, message: ctx.t('invoicesRecurrenceStopped', { number: invoice.number }) });
  },
  { root: true },
);
