import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext } from '../http/route';
import { storage } from '../storage';
import { PHOTOMAGIK_LIMITS as L } from './limits';
import { localProvider } from './providers/local';
import type { CreditsInput, GenerationView, UserView } from './schemas';
import { photomagikGenerations, photomagikStyles, photomagikUsers, type PhotomagikUser } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

/** A page of a list: `next` is the cursor (the last row's id) of the page after it, null at the end. */
export type Page<K extends string, T> = { [key in K]: T[] } & { next: string | null };

// Pages are keyset-paged by the id of the last row seen (the root console's way): a row
// added meanwhile never shifts a page, unlike offsets. Ids that are not uuids name no row.
const cursorOk = (before: string | undefined) => before === undefined || isUuid(before);

export function userView(row: PhotomagikUser): UserView {
  const { id, externalId, name, credits, used, blocked } = row;
  return { id, externalId, name, credits, used, blocked, lastActiveAt: row.lastActiveAt?.toISOString() ?? null };
}

/** The most recently active first; `q` matches the project's id for the user or their name. */
export async function listUsers(ctx: Reader, q = '', before?: string): Promise<Page<'users', UserView>> {
  if (!cursorOk(before)) return { users: [], next: null };
  // (last active, never active last; created; id), all descending, compared as one row.
  const order = sql`(coalesce(${photomagikUsers.lastActiveAt}, '-infinity'::timestamptz), ${photomagikUsers.createdAt}, ${photomagikUsers.id})`;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select()
    .from(photomagikUsers)
    .where(
      and(
        eq(photomagikUsers.projectId, ctx.project.id),
        q ? sql`(${ilike(photomagikUsers.externalId, like)} or ${ilike(photomagikUsers.name, like)})` : undefined,
        before
          ? sql`${order} < (select coalesce(u.last_active_at, '-infinity'::timestamptz), u.created_at, u.id from photomagik_users u where u.id = ${before} and u.project_id = ${ctx.project.id})`
          : undefined,
      ),
    )
    .orderBy(sql`coalesce(${photomagikUsers.lastActiveAt}, '-infinity'::timestamptz) desc`, desc(photomagikUsers.createdAt), desc(photomagikUsers.id))
    .limit(L.usersPageSize + 1);
  const more = rows.length > L.usersPageSize;
  const page = rows.slice(0, L.usersPageSize);
  return { users: page.map(userView), next: more ? page[page.length - 1].id : null };
}

/** The user, locked when inside a transaction that writes, or 404 (another project's id included). */
export async function getUserOrThrow(tx: Db | Tx, projectId: string, id: string, lock = false): Promise<PhotomagikUser> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const query = tx
    .select()
    .from(photomagikUsers)
    .where(and(eq(photomagikUsers.id, id), eq(photomagikUsers.projectId, projectId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** One user's generations, newest first, a page at a time (`before`: the last one's id). */
export async function historyOf(ctx: Reader, id: string, before?: string): Promise<{ user: UserView } & Page<'generations', GenerationView>> {
  const user = await getUserOrThrow(ctx.db, ctx.project.id, id);
  if (!cursorOk(before)) return { user: userView(user), generations: [], next: null };
  const rows = await ctx.db
    .select({ g: photomagikGenerations, style: photomagikStyles.name })
    .from(photomagikGenerations)
    .leftJoin(photomagikStyles, eq(photomagikStyles.id, photomagikGenerations.styleId))
    .where(
      and(
        eq(photomagikGenerations.projectId, ctx.project.id),
        eq(photomagikGenerations.userId, id),
        before
          ? sql`(${photomagikGenerations.createdAt}, ${photomagikGenerations.id}) < (select g.created_at, g.id from photomagik_generations g where g.id = ${before} and g.user_id = ${id})`
          : undefined,
      ),
    )
    .orderBy(desc(photomagikGenerations.createdAt), desc(photomagikGenerations.id))
    .limit(L.historyPageSize + 1);
  const more = rows.length > L.historyPageSize;
  const page = rows.slice(0, L.historyPageSize);
  return {
    user: userView(user),
    next: more ? page[page.length - 1].g.id : null,
    generations: page.map(({ g, style }) => ({
      id: g.id,
      prompt: g.prompt,
      style,
      status: g.status,
      error: g.error,
      imageUrl: g.status === 'done' && g.kind === 'image' ? `/api/photomagik/generations/${g.id}/image` : null,
      createdAt: g.createdAt.toISOString(),
    })),
  };
}

export async function setBlocked(ctx: ProjectContext, id: string, blocked: boolean): Promise<UserView> {
  return ctx.db.transaction(async (tx) => {
    await getUserOrThrow(tx, ctx.project.id, id, true);
    const [row] = await tx.update(photomagikUsers).set({ blocked }).where(eq(photomagikUsers.id, id)).returning();
    return userView(row);
  });
}

/** Adds (or takes back) credits; the balance stays between 0 and the maximum, and the change is audited with it. */
export async function grantCredits(ctx: ProjectContext, id: string, input: CreditsInput): Promise<UserView> {
  return ctx.db.transaction(async (tx) => {
    const before = await getUserOrThrow(tx, ctx.project.id, id, true);
    const after = before.credits + input.amount;
    if (after < 0) throw new HttpError(400, 'invalidInput', { amount: 'photomagik.creditsBelowZero' }, { credits: before.credits });
    if (after > L.creditsMax) throw new HttpError(400, 'invalidInput', { amount: 'photomagik.creditsAboveMax' }, { max: L.creditsMax });
    const [row] = await tx.update(photomagikUsers).set({ credits: after }).where(eq(photomagikUsers.id, id)).returning();
    await audit(tx, actorOf(ctx), {
      action: 'photomagik.credits',
      target: { type: 'photomagikUser', id },
      data: { user: before.externalId, amount: input.amount, before: before.credits, after, reason: input.reason },
    });
    return userView(row);
  });
}

/** A generated image of this project, for the dashboard. */
export async function generationImage(ctx: Reader, id: string): Promise<Uint8Array> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await ctx.db
    .select()
    .from(photomagikGenerations)
    .where(and(eq(photomagikGenerations.id, id), eq(photomagikGenerations.projectId, ctx.project.id), eq(photomagikGenerations.status, 'done')));
  if (!row || row.kind !== 'image') throw new HttpError(404, 'notFound');
  const file = row.imageKey ? await storage().get(row.imageKey) : null;
  if (file) return file.bytes;
  // Not stored (demo history): the built-in provider draws the very same image again.
  if (row.provider !== 'local') throw new HttpError(404, 'notFound');
  return localProvider.generate({ prompt: row.fullPrompt, negativePrompt: row.negativePrompt, width: L.imageSize, height: L.imageSize });
}
