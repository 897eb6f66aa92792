import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { sellerSchema } from '@/lib/varket/schemas';
import { deleteSeller, updateSeller } from '@/lib/varket/sellers';

export const PUT = varketRoute(
  async (req, ctx) => {
    const seller = await updateSeller(ctx, await param(ctx, 'id'), await readJson(req, sellerSchema));
    return json({ seller, message: said(ctx, 'sellerSaved', { name: seller.name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__UPDATE'] },
);

export const DELETE = varketRoute(
  async (_req, ctx) => {
    const { name } = await deleteSeller(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'sellerDeleted', { name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__DELETE'] },
);
