import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { invoiceListSchema } from '@/lib/invoices/schemas';
import { listProjectInvoices } from '@/lib/invoices/service';

/** The active project's invoices: ?status&due (overdue | soon). */
export const GET = route<ProjectContext>(
  async (req, ctx) => {
    const { status, due } = parseWith(invoiceListSchema, Object.fromEntries(req.nextUrl.searchParams));
    return json({ invoices: await listProjectInvoices(ctx, { status: status || undefined, due }) });
  },
  { permissions: ['INVOICES__VIEW'] },
);
