import { param, route } from '@/lib/http/route';
import { paymentOrThrow } from '@/lib/invoices/payments';
import { proofResponse } from '@/lib/invoices/proofs';
import { getInvoiceOrThrow } from '@/lib/invoices/service';

export const GET = route(
  async (_req, ctx) => {
    const invoice = await getInvoiceOrThrow(ctx.db, await param(ctx, 'id'));
    return proofResponse((await paymentOrThrow(ctx.db, invoice.id, await param(ctx, 'paymentId'))).proof);
  },
  { root: true },
);
