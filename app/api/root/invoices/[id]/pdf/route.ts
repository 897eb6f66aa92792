import { appName } from '@/lib/env';
import { param, route } from '@/lib/http/route';
import { pdfResponse, renderInvoicePdf } from '@/lib/invoices/pdf';
import { rootInvoiceView } from '@/lib/invoices/service';

export const GET = route(
  async (_req, ctx) => {
    const invoice = await rootInvoiceView(ctx.db, await param(ctx, 'id'));
    return pdfResponse(await renderInvoicePdf(ctx.db, invoice, ctx.locale, appName()), invoice.number);
  },
  { root: true },
);
