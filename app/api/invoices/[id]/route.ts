import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { openInvoiceToPay } from '@/lib/invoices/paying';

/** One invoice with its lines and payments, and how it can be paid; the first open marks it viewed. */
export const GET = route<ProjectContext>(async (_req, ctx) => json(await openInvoiceToPay(ctx, await param(ctx, 'id'))), { permissions: ['INVOICES__VIEW'] });
