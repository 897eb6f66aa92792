import { parseWith, readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { listSales, recordSale } from '@/lib/varket/sales';
import { periodSchema, saleSchema } from '@/lib/varket/schemas';

export const GET = varketRoute(
  async (req, ctx) => json({ sales: await listSales(ctx, parseWith(periodSchema, Object.fromEntries(req.nextUrl.searchParams))) }),
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW'] },
);

export const POST = varketRoute(
  async (req, ctx) => {
    const sale = await recordSale(ctx, await readJson(req, saleSchema));
    return json({ sale, message: said(ctx, 'saleRecorded') }, { status: 201 });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__CREATE'] },
);
