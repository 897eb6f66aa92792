import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { refundSale } from '@/lib/varket/sales';
import { refundSchema } from '@/lib/varket/schemas';

// Recording a refund is recording a (negative) sale: the same permission.
export const POST = varketRoute(
  async (req, ctx) => {
    const sale = await refundSale(ctx, await param(ctx, 'id'), await readJson(req, refundSchema));
    return json({ sale, message: said(ctx, 'refundRecorded') });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__CREATE'] },
);
