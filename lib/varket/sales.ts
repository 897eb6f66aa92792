import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import { localDay } from '../eventlogs/visitor';
import { formatMoney } from '../format/money';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { projects } from '../projects/tables';
import { varketAudit } from './audit';
import { saleFigures } from './commission';
import { monthStart, nextMonthStart } from './period';
import { getPlanOrThrow } from './plans';
import type { PeriodInput, RefundInput, SaleInput, SaleView, TotalsRow } from './schemas';
import { defaultRate, getSellerOrThrow } from './sellers';
import { varketPlans, varketSales, varketSellers } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

/** Today in the project's time zone: a sale cannot be dated after it. */
export async function projectToday(ctx: Reader): Promise<string> {
  const [row] = await ctx.db.select({ tz: projects.timeZone }).from(projects).where(eq(projects.id, ctx.project.id));
  return localDay(new Date(), row?.tz ?? 'UTC');
}

const columns = {
  id: varketSales.id,
  planId: varketSales.planId,
  planName: varketPlans.name,
  sellerId: varketSales.sellerId,
  sellerName: varketSellers.name,
  customerRef: varketSales.customerRef,
  currency: varketSales.currency,
  gross: varketSales.gross,
  refunded: varketSales.refunded,
  rate: varketSales.rate,
  commission: varketSales.commission,
  net: varketSales.net,
  soldOn: varketSales.soldOn,
  refundedOn: varketSales.refundedOn,
};

/** Every condition of a period query: this project, the months, optionally one seller or one member's own. */
function inPeriod(ctx: Reader, period: PeriodInput, userId?: string) {
  const from = period.from <= period.to ? period.from : period.to;
  const to = period.from <= period.to ? period.to : period.from;
  return and(
    eq(varketSales.projectId, ctx.project.id),
    gte(varketSales.soldOn, monthStart(from)),
    lt(varketSales.soldOn, nextMonthStart(to)),
    period.sellerId ? eq(varketSales.sellerId, period.sellerId) : undefined,
    userId ? eq(varketSellers.userId, userId) : undefined,
  );
}

export async function listSales(ctx: Reader, period: PeriodInput, userId?: string): Promise<SaleView[]> {
  return ctx.db
    .select(columns)
    .from(varketSales)
    .innerJoin(varketPlans, eq(varketPlans.id, varketSales.planId))
    .innerJoin(varketSellers, eq(varketSellers.id, varketSales.sellerId))
    .where(inPeriod(ctx, period, userId))
    .orderBy(desc(varketSales.soldOn), desc(varketSales.createdAt));
}

async function saleView(ctx: Reader, id: string): Promise<SaleView> {
  const [row] = await ctx.db
    .select(columns)
    .from(varketSales)
    .innerJoin(varketPlans, eq(varketPlans.id, varketSales.planId))
    .innerJoin(varketSellers, eq(varketSellers.id, varketSales.sellerId))
    .where(and(eq(varketSales.id, id), eq(varketSales.projectId, ctx.project.id)));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/**
 * Records a sale in the plan's currency at the seller's rate (or the project's default). An
 * id of another project answers 400 on its field, like any id that names nothing here.
 */
export async function recordSale(ctx: ProjectContext, input: SaleInput): Promise<SaleView> {
  const today = await projectToday(ctx);
  if (input.soldOn > today) throw new HttpError(400, 'invalidInput', { soldOn: 'varket.saleInFuture' });
  const id = await ctx.db.transaction(async (tx) => {
    const plan = await getPlanOrThrow(tx, ctx.project.id, input.planId).catch(() => {
      throw new HttpError(400, 'invalidInput', { planId: 'varket.planUnknown' });
    });
    if (plan.status !== 'active') throw new HttpError(400, 'invalidInput', { planId: 'varket.planArchived' });
    const seller = await getSellerOrThrow(tx, ctx.project.id, input.sellerId).catch(() => {
      throw new HttpError(400, 'invalidInput', { sellerId: 'varket.sellerUnknown' });
    });
    if (seller.status === 'suspended') throw new HttpError(400, 'invalidInput', { sellerId: 'varket.sellerSuspended' });
    const rate = seller.commissionRate ?? (await defaultRate(tx, ctx.project.id));
    const [row] = await tx
      .insert(varketSales)
      .values({
        projectId: ctx.project.id,
        planId: plan.id,
        sellerId: seller.id,
        customerRef: input.customerRef,
        currency: plan.currency,
        gross: input.gross,
        rate,
        ...saleFigures(input.gross, 0, rate),
        soldOn: input.soldOn,
      })
      .returning({ id: varketSales.id });
    await varketAudit(
      tx,
      ctx,
      'varket.sale',
      { type: 'varketSale', id: row.id },
      {
        plan: plan.name,
        seller: seller.name,
        customerRef: input.customerRef,
        gross: input.gross,
        currency: plan.currency,
        rate,
        soldOn: input.soldOn,
      },
    );
    return row.id;
  });
  return saleView(ctx, id);
}

/** Refunds part or the rest of a sale; commission and net are recomputed from the sale's own rate. */
export async function refundSale(ctx: ProjectContext, id: string, input: RefundInput): Promise<SaleView> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  await ctx.db.transaction(async (tx) => {
    const [sale] = await tx
      .select()
      .from(varketSales)
      .where(and(eq(varketSales.id, id), eq(varketSales.projectId, ctx.project.id)))
      .for('update');
    if (!sale) throw new HttpError(404, 'notFound');
    const left = sale.gross - sale.refunded;
    if (left === 0) throw new HttpError(409, 'varket.alreadyRefunded');
    const amount = input.amount ?? left;
    if (amount > left) throw new HttpError(400, 'invalidInput', { amount: 'varket.refundTooLarge' }, { amount: formatMoney(left, sale.currency, ctx.locale) });
    if (input.refundedOn < sale.soldOn) throw new HttpError(400, 'invalidInput', { refundedOn: 'varket.refundBeforeSale' });
    const refunded = sale.refunded + amount;
    await tx
      .update(varketSales)
      .set({ refunded, refundedOn: input.refundedOn, ...saleFigures(sale.gross, refunded, sale.rate) })
      .where(eq(varketSales.id, id));
    await varketAudit(tx, ctx, 'varket.refund', { type: 'varketSale', id }, { amount, refunded, currency: sale.currency, refundedOn: input.refundedOn });
  });
  return saleView(ctx, id);
}

/**
 * Per seller, per month (of the sale's date, a day in the project's zone) and per currency:
 * gross, refunds, commission and net, each the exact sum of the stored, once-rounded figures.
 * A refund counts in the month of the sale it reverses.
 */
export async function salesTotals(ctx: Reader, period: PeriodInput, userId?: string): Promise<TotalsRow[]> {
  const month = sql<string>`to_char(${varketSales.soldOn}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      sellerId: varketSales.sellerId,
      sellerName: varketSellers.name,
      month,
      currency: varketSales.currency,
      sales: sql<number>`count(*)::int`,
      gross: sql<string>`sum(${varketSales.gross})`,
      refunds: sql<string>`sum(${varketSales.refunded})`,
      commission: sql<string>`sum(${varketSales.commission})`,
      net: sql<string>`sum(${varketSales.net})`,
    })
    .from(varketSales)
    .innerJoin(varketSellers, eq(varketSellers.id, varketSales.sellerId))
    .where(inPeriod(ctx, period, userId))
    .groupBy(varketSales.sellerId, varketSellers.name, month, varketSales.currency)
    .orderBy(desc(month), asc(varketSellers.name), asc(varketSales.currency));
  return rows.map((r) => ({ ...r, gross: Number(r.gross), refunds: Number(r.refunds), commission: Number(r.commission), net: Number(r.net) }));
}
