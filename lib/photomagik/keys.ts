import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext } from '../http/route';
import { projects } from '../projects/tables';
import type { KeyView } from './schemas';
import { photomagikKeys } from './tables';

// The public API's credential: one key per project, shown once when made and kept only as a
// SHA-256 hash (the key is 32 random bytes, so a slow hash adds nothing). A new key replaces the old.

const KEY_PREFIX = 'pmk_';
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export async function keyStatus(ctx: Pick<ProjectContext, 'db' | 'project'>): Promise<KeyView> {
  const [row] = await ctx.db.select().from(photomagikKeys).where(eq(photomagikKeys.projectId, ctx.project.id));
  return { prefix: row?.prefix ?? null, createdAt: row?.createdAt.toISOString() ?? null, lastUsedAt: row?.lastUsedAt?.toISOString() ?? null };
}

/** Makes a new key (replacing any old one) and returns it: the only time it is ever readable. */
export async function createKey(ctx: ProjectContext): Promise<{ key: string; status: KeyView }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, KEY_PREFIX.length + 6);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(photomagikKeys)
      .values({ projectId: ctx.project.id, hash: hashOf(key), prefix, createdBy: ctx.viewer.user.id })
      .onConflictDoUpdate({
        target: photomagikKeys.projectId,
        set: { hash: hashOf(key), prefix, createdBy: ctx.viewer.user.id, createdAt: new Date(), lastUsedAt: null },
      });
    await audit(tx, actorOf(ctx), { action: 'photomagik.apiKey', target: { type: 'project', id: ctx.project.id }, data: { prefix } });
  });
  return { key, status: await keyStatus(ctx) };
}

/**
 * The project a public call acts for: the key in `Authorization: Bearer …` must be the
 * project's, and its image tool on. Every refusal is the same 401 (or 404 for an unknown or
 * switched-off project), so the answer tells nothing about other projects' keys.
 */
export async function projectForKey(db: Db, projectKey: string, authorization: string | null): Promise<{ id: string }> {
  const [project] = await db
    .select({ id: projects.id, status: projects.status, extensions: projects.extensions })
    .from(projects)
    .where(eq(projects.key, projectKey));
  if (!project || project.status !== 1 || !project.extensions.includes('photomagik')) throw new HttpError(404, 'notFound');
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const [stored] = await db.select().from(photomagikKeys).where(eq(photomagikKeys.projectId, project.id));
  if (!given || !stored) throw new HttpError(401, 'photomagik.badKey');
  const a = Buffer.from(hashOf(given), 'hex');
  const b = Buffer.from(stored.hash, 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new HttpError(401, 'photomagik.badKey');
  await db.update(photomagikKeys).set({ lastUsedAt: new Date() }).where(eq(photomagikKeys.projectId, project.id));
  return { id: project.id };
}
