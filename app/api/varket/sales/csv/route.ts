import { parseWith } from '@/lib/http/body';
import { salesCsv } from '@/lib/varket/csv';
import { varketRoute } from '@/lib/varket/http';
import { periodSchema } from '@/lib/varket/schemas';

/** The period's sales (same filters as the list) as a CSV download. */
export const GET = varketRoute(
  async (req, ctx) => {
    const period = parseWith(periodSchema, Object.fromEntries(req.nextUrl.searchParams));
    return new Response(await salesCsv(ctx, period), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="varket-sales-${period.from}-${period.to}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW'] },
);
