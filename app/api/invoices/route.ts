import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { invoiceListSchema } from '@/lib/invoices/schemas';
import { listProjectInvoices } from '@/lib/invoices/service';

/** The active project's invoices: ?status. */
export const GET = route<ProjectContext>(
  async (req, ctx) => {
    const filter = parseWith(invoiceListSchema, { status: req.nextUrl.searchParams.get('status') ?? undefined });
    return json({ invoices: await listProjectInvoices(ctx, { status: filter.status || undefined }) });
  },
  { permissions: ['INVOICES__VIEW'] },
);
