import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { planChanges, planData, varketAudit } from './audit';
import { VARKET_LIMITS, type PlanInput, type PlanView } from './schemas';
import { varketPlans, varketSales, type VarketPlan } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

const view = (row: VarketPlan, sales: number): PlanView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  currency: row.currency,
  interval: row.interval,
  status: row.status,
  sales,
});

/** The project's plans, active first, by name, each with its number of sales. */
export async function listPlans(ctx: Reader): Promise<PlanView[]> {
  const rows = await ctx.db
    .select({ plan: varketPlans, sales: count(varketSales.id) })
    .from(varketPlans)
    .leftJoin(varketSales, eq(varketSales.planId, varketPlans.id))
    .where(eq(varketPlans.projectId, ctx.project.id))
    .groupBy(varketPlans.id)
    .orderBy(asc(varketPlans.status), asc(varketPlans.name));
  return rows.map((r) => view(r.plan, r.sales));
}

/** This project's plan, or 404: another project's id is answered as if it did not exist. */
export async function getPlanOrThrow(tx: Tx | Db, projectId: string, id: string): Promise<VarketPlan> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await tx
    .select()
    .from(varketPlans)
    .where(and(eq(varketPlans.id, id), eq(varketPlans.projectId, projectId)));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'varket.planNameTaken', { name: 'varket.planNameTaken' });
    throw error;
  }
}

export async function createPlan(ctx: ProjectContext, input: PlanInput): Promise<PlanView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(varketPlans).where(eq(varketPlans.projectId, ctx.project.id));
      if (n >= VARKET_LIMITS.plans) throw new HttpError(409, 'varket.tooManyPlans', {}, { max: VARKET_LIMITS.plans });
      const [row] = await tx
        .insert(varketPlans)
        .values({ ...input, projectId: ctx.project.id })
        .returning();
      await varketAudit(tx, ctx, 'varket.planCreate', { type: 'varketPlan', id: row.id }, planData(row));
      return view(row, 0);
    }),
  );
}

/** A plan with sales keeps its currency: the recorded sales were made in it. */
export async function updatePlan(ctx: ProjectContext, id: string, input: PlanInput): Promise<PlanView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const before = await getPlanOrThrow(tx, ctx.project.id, id);
      const [{ n }] = await tx.select({ n: count() }).from(varketSales).where(eq(varketSales.planId, id));
      if (n > 0 && before.currency !== input.currency) throw new HttpError(409, 'varket.planCurrencyLocked', { currency: 'varket.planCurrencyLocked' });
      const [row] = await tx
        .update(varketPlans)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(varketPlans.id, id))
        .returning();
      await varketAudit(tx, ctx, 'varket.planUpdate', { type: 'varketPlan', id }, planChanges(before, row));
      return view(row, n);
    }),
  );
}

/** A plan with sales cannot be deleted (409): archive it instead, its history stays. */
export async function deletePlan(ctx: ProjectContext, id: string): Promise<{ name: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await getPlanOrThrow(tx, ctx.project.id, id);
    const [{ n }] = await tx.select({ n: count() }).from(varketSales).where(eq(varketSales.planId, id));
    if (n > 0) throw new HttpError(409, 'varket.planHasSales', {}, { name: row.name });
    await tx.delete(varketPlans).where(eq(varketPlans.id, id));
    await varketAudit(tx, ctx, 'varket.planDelete', { type: 'varketPlan', id }, planData(row));
    return { name: row.name };
  });
}
