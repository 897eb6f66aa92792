import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { sellerSchema } from '@/lib/varket/schemas';
import { createSeller, listSellers } from '@/lib/varket/sellers';

// Whoever records sales picks a seller, so the sales permission reads the list too.
export const GET = varketRoute(async (_req, ctx) => json({ sellers: await listSellers(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__VIEW', 'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW'],
  mode: 'some',
});

export const POST = varketRoute(
  async (req, ctx) => {
    const seller = await createSeller(ctx, await readJson(req, sellerSchema));
    return json({ seller, message: said(ctx, 'sellerCreated', { name: seller.name }) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__CREATE'] },
);
