import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { simulateTestPayment } from '@/lib/invoices/crypto';

/** The built-in test processor's "payment arrived": test invoices only (404 for a real one). */
export const POST = route<ProjectContext>(
  async (_req, ctx) => json({ invoice: await simulateTestPayment(ctx, await param(ctx, 'id'), await param(ctx, 'paymentId')) }),
  { permissions: ['INVOICES__PAY'] },
);
