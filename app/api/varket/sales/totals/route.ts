import { parseWith } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { varketRoute } from '@/lib/varket/http';
import { salesTotals } from '@/lib/varket/sales';
import { periodSchema } from '@/lib/varket/schemas';

export const GET = varketRoute(
  async (req, ctx) => json({ totals: await salesTotals(ctx, parseWith(periodSchema, Object.fromEntries(req.nextUrl.searchParams))) }),
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW'] },
);
