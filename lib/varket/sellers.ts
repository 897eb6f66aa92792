import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { memberships } from '../projects/tables';
import { users } from '../users/tables';
import { sellerChanges, sellerData, varketAudit } from './audit';
import { VARKET_LIMITS, type SellerInput, type SellerView, type SettingsInput } from './schemas';
import { varketSales, varketSellers, varketSettings, type VarketSeller } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;
export const DEFAULT_RATE = '10';

/** The project's default commission rate (10 % until staff set another). */
export async function defaultRate(db: Db | Tx, projectId: string): Promise<string> {
  const [row] = await db.select({ rate: varketSettings.defaultCommissionRate }).from(varketSettings).where(eq(varketSettings.projectId, projectId));
  return row?.rate ?? DEFAULT_RATE;
}

export async function getSettings(ctx: Reader): Promise<SettingsInput> {
  return { defaultCommissionRate: await defaultRate(ctx.db, ctx.project.id) };
}

export async function saveSettings(ctx: ProjectContext, input: SettingsInput): Promise<SettingsInput> {
  await ctx.db.transaction(async (tx) => {
    const from = await defaultRate(tx, ctx.project.id);
    await tx
      .insert(varketSettings)
      .values({ projectId: ctx.project.id, defaultCommissionRate: input.defaultCommissionRate })
      .onConflictDoUpdate({ target: varketSettings.projectId, set: { defaultCommissionRate: input.defaultCommissionRate, updatedAt: new Date() } });
    await varketAudit(
      tx,
      ctx,
      'varket.settings',
      { type: 'project', id: ctx.project.id },
      { defaultCommissionRate: { from, to: input.defaultCommissionRate } },
    );
  });
  return input;
}

const view = (row: VarketSeller, fallback: string): SellerView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  member: row.userId !== null,
  status: row.status,
  commissionRate: row.commissionRate,
  effectiveRate: row.commissionRate ?? fallback,
  hasPayoutDetails: row.payoutDetails !== '',
  nextPayoutOn: row.nextPayoutOn,
});

export async function listSellers(ctx: Reader): Promise<SellerView[]> {
  const fallback = await defaultRate(ctx.db, ctx.project.id);
  const rows = await ctx.db.select().from(varketSellers).where(eq(varketSellers.projectId, ctx.project.id)).orderBy(asc(varketSellers.name));
  return rows.map((r) => view(r, fallback));
}

export async function getSellerOrThrow(db: Db | Tx, projectId: string, id: string): Promise<VarketSeller> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await db
    .select()
    .from(varketSellers)
    .where(and(eq(varketSellers.id, id), eq(varketSellers.projectId, projectId)));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** The member of this project with that email, if any: they will see their own sales. */
async function memberWithEmail(tx: Tx, projectId: string, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.projectId, projectId)))
    .where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}

async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'varket.sellerEmailTaken', { email: 'varket.sellerEmailTaken' });
    throw error;
  }
}

export async function createSeller(ctx: ProjectContext, input: SellerInput): Promise<SellerView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(varketSellers).where(eq(varketSellers.projectId, ctx.project.id));
      if (n >= VARKET_LIMITS.sellers) throw new HttpError(409, 'varket.tooManySellers', {}, { max: VARKET_LIMITS.sellers });
      const [row] = await tx
        .insert(varketSellers)
        .values({
          ...input,
          payoutDetails: input.payoutDetails ?? '',
          projectId: ctx.project.id,
          userId: await memberWithEmail(tx, ctx.project.id, input.email),
        })
        .returning();
      await varketAudit(
        tx,
        ctx,
        'varket.sellerCreate',
        { type: 'varketSeller', id: row.id },
        {
          ...sellerData(row),
          ...(row.payoutDetails !== '' ? { payoutDetails: 'changed' } : {}),
        },
      );
      return view(row, await defaultRate(tx, ctx.project.id));
    }),
  );
}

export async function updateSeller(ctx: ProjectContext, id: string, input: SellerInput): Promise<SellerView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const before = await getSellerOrThrow(tx, ctx.project.id, id);
      const { payoutDetails, ...rest } = input;
      const [row] = await tx
        .update(varketSellers)
        .set({
          ...rest,
          // Absent keeps what is on file: the form never receives it, so cannot send it back.
          payoutDetails: payoutDetails === undefined ? before.payoutDetails : payoutDetails,
          userId: await memberWithEmail(tx, ctx.project.id, input.email),
          updatedAt: new Date(),
        })
        .where(eq(varketSellers.id, id))
        .returning();
      await varketAudit(tx, ctx, 'varket.sellerUpdate', { type: 'varketSeller', id }, sellerChanges(before, row));
      return view(row, await defaultRate(tx, ctx.project.id));
    }),
  );
}

/** A seller with recorded sales cannot be removed (409): suspend them instead. */
export async function deleteSeller(ctx: ProjectContext, id: string): Promise<{ name: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await getSellerOrThrow(tx, ctx.project.id, id);
    const [{ n }] = await tx.select({ n: count() }).from(varketSales).where(eq(varketSales.sellerId, id));
    if (n > 0) throw new HttpError(409, 'varket.sellerHasSales', {}, { name: row.name });
    await tx.delete(varketSellers).where(eq(varketSellers.id, id));
    await varketAudit(tx, ctx, 'varket.sellerDelete', { type: 'varketSeller', id }, { name: row.name, email: row.email });
    return { name: row.name };
  });
}
