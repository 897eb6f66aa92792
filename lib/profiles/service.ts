import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { hasPermissions, notHeld, type ProfileGrant } from '../access/check';
import { permissionNames, type Permission } from '../access/permissions';
import { audit } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext } from '../http/route';
import { membershipProfiles, profiles, projects } from '../projects/tables';
import { keepingAnOwner } from '../users/members';
import type { ProfileInput, ProfilePatch, ProfileView } from './schemas';
import { announceGrants } from '../realtime/pubsub';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

const view = {
  id: profiles.id,
  name: profiles.name,
  isRoot: profiles.isRoot,
  permissions: profiles.permissions,
  members: count(membershipProfiles.membershipId),
};

function selectViews(db: Db | Tx) {
  return db.select(view).from(profiles).leftJoin(membershipProfiles, eq(membershipProfiles.profileId, profiles.id)).$dynamic();
}

/** The project's profiles, by name, each with how many members hold it. */
export async function listProfiles(ctx: Reader): Promise<ProfileView[]> {
  return selectViews(ctx.db)
    .where(eq(profiles.projectId, ctx.project.id))
    .groupBy(profiles.id)
    .orderBy(asc(sql`lower(${profiles.name})`), asc(profiles.id));
}

async function findView(db: Db | Tx, projectId: string, id: string): Promise<ProfileView | undefined> {
  const [row] = await selectViews(db)
    .where(and(eq(profiles.id, id), eq(profiles.projectId, projectId)))
    .groupBy(profiles.id);
  return row;
}

/** One profile of the active project; another project's id or a malformed one is a 404. */
export async function getProfileOrThrow(ctx: Reader, id: string): Promise<ProfileView> {
  const found = isUuid(id) ? await findView(ctx.db, ctx.project.id, id) : undefined;
  if (!found) throw new HttpError(404, 'notFound');
  return found;
}

/** Catalogue order, so a stored list reads the same however it was sent. */
function ordered(list: readonly string[]): Permission[] {
  const set = new Set(list);
  return permissionNames.filter((p) => set.has(p));
}

/**
 * Runs a profile change with the project's profile changes serialized: the last-isRoot
 * and unique-name rules read rows other than the one changed, which a concurrent request
 * could otherwise change in between. The actor's grant is re-read under the same lock.
 */
async function changing<T>(ctx: ProjectContext, need: Permission, work: (tx: Tx, actor: ProfileGrant) => Promise<T>): Promise<T> {
  try {
    const result = await ctx.db.transaction(async (tx) => {
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, ctx.project.id)).for('no key update');
      const [actor] = await tx
        .select({ isRoot: profiles.isRoot, permissions: profiles.permissions })
        .from(profiles)
        .where(and(eq(profiles.id, ctx.profile.id), eq(profiles.projectId, ctx.project.id)));
      if (!actor || !hasPermissions(actor, [need])) throw new HttpError(403, 'forbidden');
      return work(tx, actor);
    });
    // Members' open sockets follow what their profiles now grant.
    announceGrants({ projectId: ctx.project.id });
    return result;
  } catch (error) {
    // The exact-case unique index, should a writer outside this lock have raced us.
    if (isUniqueViolation(error)) throw new HttpError(409, 'profilesNameTaken', { name: 'profilesNameTaken' });
    throw error;
  }
}

/** Nobody grants or takes away what their own active profile does not hold; the message names what is missing. */
function assertHeld(actor: ProfileGrant, touched: readonly string[]) {
  const missing = ordered(notHeld(actor, touched));
  if (missing.length) throw new HttpError(403, 'profilesNotHeld', { permissions: 'profilesNotHeld' }, { names: missing.join(', '), permissions: missing });
}

function assertRootActor(actor: ProfileGrant, field?: 'isRoot') {
  if (!actor.isRoot) throw new HttpError(403, 'profilesRootOnly', field ? { [field]: 'profilesRootOnly' } : {});
}

async function assertNameFree(tx: Tx, projectId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.projectId, projectId), sql`lower(${profiles.name}) = lower(${name})`, exceptId ? ne(profiles.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new HttpError(409, 'profilesNameTaken', { name: 'profilesNameTaken' });
}

/** The project must keep a profile with full access, or nobody could manage it. */
async function assertAnotherRoot(tx: Tx, projectId: string, exceptId: string, field?: 'isRoot') {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.projectId, projectId), eq(profiles.isRoot, true), ne(profiles.id, exceptId)));
  if (n === 0) throw new HttpError(409, 'profilesLastRoot', field ? { [field]: 'profilesLastRoot' } : {});
}

/** Locks and returns the project's profile, or 404. */
async function lockedProfile(tx: Tx, projectId: string, id: string) {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.projectId, projectId)))
    .for('update');
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

export async function createProfile(ctx: ProjectContext, input: ProfileInput): Promise<ProfileView> {
  const permissions = ordered(input.permissions);
  return changing(ctx, 'PROFILES__CREATE', async (tx, actor) => {
    if (input.isRoot) assertRootActor(actor, 'isRoot');
    assertHeld(actor, permissions);
    await assertNameFree(tx, ctx.project.id, input.name);
    const [row] = await tx
      .insert(profiles)
      .values({ projectId: ctx.project.id, name: input.name, isRoot: input.isRoot, permissions })
      .returning({ id: profiles.id });
    await audit(tx, actorOf(ctx), {
      action: 'profile.create',
      target: { type: 'profile', id: row.id },
      data: { name: input.name, isRoot: input.isRoot, added: permissions, removed: [] },
    });
    return { id: row.id, name: input.name, isRoot: input.isRoot, permissions, members: 0 };
  });
}

/**
 * Changes what the patch names. Every permission added or removed must be held by the
 * actor; only a full-access actor touches full access (the flag, or a profile that has it).
 */
export async function updateProfile(ctx: ProjectContext, id: string, patch: ProfilePatch): Promise<ProfileView> {
  return changing(ctx, 'PROFILES__UPDATE', async (tx, actor) => {
    const current = await lockedProfile(tx, ctx.project.id, id);
    const isRoot = patch.isRoot ?? current.isRoot;
    const rootChanges = isRoot !== current.isRoot;
    if (current.isRoot || rootChanges) assertRootActor(actor, rootChanges ? 'isRoot' : undefined);
    if (current.isRoot && !isRoot) await assertAnotherRoot(tx, ctx.project.id, current.id, 'isRoot');

    const permissions = patch.permissions ? ordered(patch.permissions) : current.permissions;
    const before = new Set(current.permissions);
    const after = new Set(permissions);
    const added = permissions.filter((p) => !before.has(p));
    const removed = current.permissions.filter((p) => !after.has(p));
    assertHeld(actor, [...added, ...removed]);

    const name = patch.name ?? current.name;
    const renamed = name !== current.name;
    if (renamed) await assertNameFree(tx, ctx.project.id, name, current.id);

    if (renamed || rootChanges || added.length || removed.length) {
      const write = async () => {
        await tx.update(profiles).set({ name, isRoot, permissions, updatedAt: new Date() }).where(eq(profiles.id, current.id));
      };
      // Another full-access profile nobody active holds would leave the project without an owner.
      if (rootChanges) await keepingAnOwner(tx, ctx.project.id, write, { isRoot: 'usersLastOwner' });
      else await write();
      await audit(tx, actorOf(ctx), {
        action: 'profile.update',
        target: { type: 'profile', id: current.id },
        data: {
          name,
          ...(renamed && { previousName: current.name }),
          ...(rootChanges && { isRoot: { from: current.isRoot, to: isRoot } }),
          added,
          removed,
        },
      });
    }
    return (await findView(tx, ctx.project.id, current.id))!;
  });
}

/** Deletes an unused profile; the project's last full-access profile stays. */
export async function deleteProfile(ctx: ProjectContext, id: string): Promise<{ id: string; name: string }> {
  return changing(ctx, 'PROFILES__DELETE', async (tx, actor) => {
    const current = await lockedProfile(tx, ctx.project.id, id);
    if (current.isRoot) {
      assertRootActor(actor);
      await assertAnotherRoot(tx, ctx.project.id, current.id);
    }
    // The profile row is locked, so no member can be given it before the delete lands.
    const [{ n }] = await tx.select({ n: count() }).from(membershipProfiles).where(eq(membershipProfiles.profileId, current.id));
    if (n > 0) throw new HttpError(409, 'profilesInUse', {}, { members: n });
    await tx.delete(profiles).where(eq(profiles.id, current.id));
    await audit(tx, actorOf(ctx), {
      action: 'profile.delete',
      target: { type: 'profile', id: current.id },
      data: { name: current.name, isRoot: current.isRoot, added: [], removed: current.permissions },
    });
    return { id: current.id, name: current.name };
  });
}
