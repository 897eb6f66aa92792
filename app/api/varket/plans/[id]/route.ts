import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { deletePlan, updatePlan } from '@/lib/varket/plans';
import { planSchema } from '@/lib/varket/schemas';

export const PUT = varketRoute(
  async (req, ctx) => {
    const plan = await updatePlan(ctx, await param(ctx, 'id'), await readJson(req, planSchema));
    return json({ plan, message: said(ctx, 'planSaved', { name: plan.name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__PLANS__UPDATE'] },
);

export const DELETE = varketRoute(
  async (_req, ctx) => {
    const { name } = await deletePlan(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'planDeleted', { name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__PLANS__DELETE'] },
);
