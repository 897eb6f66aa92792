import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { createPlan, listPlans } from '@/lib/varket/plans';
import { planSchema } from '@/lib/varket/schemas';

// Whoever records sales picks a plan, so the sales permission reads the list too.
export const GET = varketRoute(async (_req, ctx) => json({ plans: await listPlans(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__PLANS__VIEW', 'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW'],
  mode: 'some',
});

export const POST = varketRoute(
  async (req, ctx) => {
    const plan = await createPlan(ctx, await readJson(req, planSchema));
    return json({ plan, message: said(ctx, 'planCreated', { name: plan.name }) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__PLANS__CREATE'] },
);
