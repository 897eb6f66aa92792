import { appName } from '@/lib/env';
import { param, route, type ProjectContext } from '@/lib/http/route';
import { pdfResponse, renderInvoicePdf } from '@/lib/invoices/pdf';
import { fullView, getProjectInvoiceOrThrow } from '@/lib/invoices/service';

export const GET = route<ProjectContext>(
  async (_req, ctx) => {
    const invoice = await fullView(ctx.db, await getProjectInvoiceOrThrow(ctx, await param(ctx, 'id')));
    return pdfResponse(await renderInvoicePdf(ctx.db, invoice, ctx.locale, appName()), invoice.number);
  },
  { permissions: ['INVOICES__VIEW'] },
);
