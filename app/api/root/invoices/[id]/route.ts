import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';
import { invoiceDraftSchema } from '@/lib/invoices/schemas';
import { rootInvoiceView, updateDraft } from '@/lib/invoices/service';

export const GET = route(async (_req, ctx) => json({ invoice: await rootInvoiceView(ctx.db, await param(ctx, 'id')) }), { root: true });

/** Changes a draft (an issued invoice is fixed). */
export const PATCH = route(
  async (req, ctx) => {
    const invoice = await updateDraft(ctx, await param(ctx, 'id'), await readJson(req, invoiceDraftSchema));
    return json({ invoice, message: ctx.t('invoicesUpdated', { number: invoice.number }) });
  },
  { root: true },
);
