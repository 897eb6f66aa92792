import { appName } from '@/lib/env';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { pdfResponse } from '@/lib/invoices/pdf';
import { previewPdf } from '@/lib/invoices/preview';
import { invoicePreviewSchema } from '@/lib/invoices/schemas';

/** The editor's values drawn as the invoice PDF, saving nothing (the live preview beside the editor). */
export const POST = route(
  async (req, ctx) => {
    const { bytes, number } = await previewPdf(ctx.db, await readJson(req, invoicePreviewSchema), ctx.locale, appName());
    return pdfResponse(bytes, number);
  },
  { root: true },
);
