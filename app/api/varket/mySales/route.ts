import { parseWith } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { varketRoute } from '@/lib/varket/http';
import { listSales, salesTotals } from '@/lib/varket/sales';
import { periodSchema } from '@/lib/varket/schemas';

// A member who sells sees their own sales and totals, and nobody else's: no permission is
// needed, the filter is the caller's own user id (a member with no seller row sees nothing).
export const GET = varketRoute(
  async (req, ctx) => {
    const period = { ...parseWith(periodSchema, Object.fromEntries(req.nextUrl.searchParams)), sellerId: undefined };
    const userId = ctx.viewer.user.id;
    return json({ sales: await listSales(ctx, period, userId), totals: await salesTotals(ctx, period, userId) });
  },
  { connected: true },
);
