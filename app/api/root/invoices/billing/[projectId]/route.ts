import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';
import { billingOf, saveBilling } from '@/lib/invoices/billing';
import { invoiceBillingSchema } from '@/lib/invoices/schemas';

/** A billed project's legal name, postal address and tax id, as its invoices' PDF prints them. */
export const GET = route(async (_req, ctx) => json({ billing: await billingOf(ctx.db, await param(ctx, 'projectId')) }), { root: true });

export const PUT = route(
  async (req, ctx) => {
    const projectId = await param(ctx, 'projectId');
    const billing = await saveBilling(ctx, projectId, await readJson(req, invoiceBillingSchema));
    return json({ billing, message: ctx.t('invoicesBillingSaved') });
  },
  { root: true },
);
