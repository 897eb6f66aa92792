import { param, route, type ProjectContext } from '@/lib/http/route';
import { paymentOrThrow } from '@/lib/invoices/payments';
import { proofResponse } from '@/lib/invoices/proofs';
import { getProjectInvoiceOrThrow } from '@/lib/invoices/service';

export const GET = route<ProjectContext>(
  async (_req, ctx) => {
    const invoice = await getProjectInvoiceOrThrow(ctx, await param(ctx, 'id'));
    return proofResponse((await paymentOrThrow(ctx.db, invoice.id, await param(ctx, 'paymentId'))).proof);
  },
  { permissions: ['INVOICES__VIEW'] },
);
