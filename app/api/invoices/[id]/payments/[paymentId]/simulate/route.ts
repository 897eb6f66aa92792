import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { simulateTestPayment } from '@/lib/invoices/payments';

/** The built-in test processor's "payment arrived" (404 unless it is the configured processor). */
export const POST = route<ProjectContext>(
  async (_req, ctx) => json({ invoice: await simulateTestPayment(ctx, await param(ctx, 'id'), await param(ctx, 'paymentId')) }),
  { permissions: ['INVOICES__PAY'] },
);
