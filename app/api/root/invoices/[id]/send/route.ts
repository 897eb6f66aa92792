import { json, param, route } from '@/lib/http/route';
import { sendInvoice } from '@/lib/invoices/service';

/** Issues a draft: the project sees it, and its owners get the email with the PDF. */
export const POST = route(
  async (_req, ctx) => {
    const invoice = await sendInvoice(ctx, await param(ctx, 'id'));
    return json({ invoice, message: ctx.t('invoicesSent', { number: invoice.number }) });
  },
  { root: true },
);
