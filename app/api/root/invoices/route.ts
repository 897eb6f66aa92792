import { parseWith, readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { invoiceCreateSchema, invoiceListSchema } from '@/lib/invoices/schemas';
import { createInvoice, listAllInvoices } from '@/lib/invoices/service';

/** Every invoice of the platform, newest first: ?status, projectId. */
export const GET = route(
  async (req, ctx) => {
    const filter = parseWith(invoiceListSchema, Object.fromEntries(req.nextUrl.searchParams));
    return json({ invoices: await listAllInvoices(ctx.db, { status: filter.status || undefined, projectId: filter.projectId }) });
  },
  { root: true },
);

/** A new invoice for a project: a draft, or issued at once with `send`. */
export const POST = route(
  async (req, ctx) => {
    const invoice = await createInvoice(ctx, await readJson(req, invoiceCreateSchema));
    return json({ invoice, message: ctx.t('invoicesCreated', { number: invoice.number }) }, { status: 201 });
  },
  { root: true },
);
