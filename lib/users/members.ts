import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { canGrant, type ProfileGrant } from '../access/check';
import { audit } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import { sessions } from '../auth/tables';
import type { Db, Tx } from '../db/client';
import { containsPattern } from '../db/like';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext } from '../http/route';
import { membershipProfiles, memberships, profiles, projects } from '../projects/tables';
import type { UpdateMemberInput } from './member-schemas';
import { users } from './tables';
import { announceGrants } from '../realtime/pubsub';

/** Root's view of a project lists its members whole; a bound keeps one answer's size finite. */
const MEMBERS_MAX = 5_000;

/** A database handle or an open transaction: the helpers below run inside either. */
type Conn = Db | Tx;

export type MemberProfile = { id: string; name: string; isRoot: boolean };
export type MemberView = {
  /** The membership's id: what the users API names in its paths. */
  id: string;
  userId: string;
  name: string;
  email: string;
  avatar: string | null;
  /** 1 active, 0 deactivated. */
  status: number;
  profiles: MemberProfile[];
  /** ISO time of the user's last activity anywhere, or null if never seen. */
  lastSeenAt: string | null;
  joinedAt: string;
};
/** A profile as the members page offers it: whether the viewer may hand it out, not what it grants. */
export type ProfileOption = MemberProfile & { assignable: boolean };

// A profile as the grant rules read it (canGrant), with its name for the audit log.
const grantColumns = { id: profiles.id, name: profiles.name, isRoot: profiles.isRoot, permissions: profiles.permissions };

const iso = (value: unknown): string | null => (value == null ? null : new Date(value as string | Date).toISOString());

/** Which members: one by id, those whose name or email contains `q`, a page of them. */
export type MemberSelection = { membershipId?: string; q?: string; limit?: number; offset?: number };

function membersWhere(projectId: string, { membershipId, q }: MemberSelection): SQL | undefined {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    eq(memberships.projectId, projectId),
    membershipId ? eq(memberships.id, membershipId) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
}

/** How many members `select` matches (its page aside). */
export async function countMembers(db: Conn, projectId: string, select: MemberSelection = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(membersWhere(projectId, select));
  return row.n;
}

/** The project's members `select` names, by name; one query for the members and one for their profiles. */
export async function listMembers(db: Conn, projectId: string, select: MemberSelection = {}): Promise<MemberView[]> {
  const where = membersWhere(projectId, select);
  const rows = await db
    .select({
      id: memberships.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
      status: memberships.status,
      joinedAt: memberships.createdAt,
      // A refreshed session is activity too, so the later of both (greatest skips nulls).
      lastSeenAt: sql<unknown>`greatest(${users.lastSeenAt}, (select max(${sessions.lastUsedAt}) from ${sessions} where ${sessions.userId} = ${users.id}))`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(users.name), asc(memberships.id))
    .limit(select.limit ?? MEMBERS_MAX)
    .offset(select.offset ?? 0);
  const held = rows.length
    ? await db
        .select({ membershipId: membershipProfiles.membershipId, id: profiles.id, name: profiles.name, isRoot: profiles.isRoot })
        .from(membershipProfiles)
        .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
        .where(
          inArray(
            membershipProfiles.membershipId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(profiles.name))
    : [];
  return rows.map((r) => ({
    ...r,
    joinedAt: iso(r.joinedAt)!,
    lastSeenAt: iso(r.lastSeenAt),
    profiles: held.filter((p) => p.membershipId === r.id).map(({ id, name, isRoot }) => ({ id, name, isRoot })),
  }));
}

/** The project's profiles, each marked with whether the acting profile may hand it out. */
export async function profileOptions(db: Conn, projectId: string, actor: ProfileGrant): Promise<ProfileOption[]> {
  const rows = await db.select(grantColumns).from(profiles).where(eq(profiles.projectId, projectId)).orderBy(asc(profiles.name));
  return rows.map(({ permissions, ...p }) => ({ ...p, assignable: canGrant(actor, { isRoot: p.isRoot, permissions }) }));
}

/**
 * The profiles named, by name, all of this project, and all ones the actor may hand out:
 * an unknown (or another project's) id is a 404, a stronger profile a 403.
 */
export async function profilesToGrant(db: Conn, ctx: Pick<ProjectContext, 'project' | 'profile'>, ids: readonly string[], already: readonly string[] = []) {
  const wanted = [...new Set(ids)];
  const found = await db
    .select(grantColumns)
    .from(profiles)
    .where(and(eq(profiles.projectId, ctx.project.id), inArray(profiles.id, wanted)))
    .orderBy(asc(profiles.name));
  // 404 as for any other project's id, with the field named so the form can show it.
  if (found.length !== wanted.length) throw new HttpError(404, 'notFound', { profileIds: 'usersUnknownProfile' });
  // Keeping a profile the member already has is not handing it out.
  if (found.some((p) => !already.includes(p.id) && !canGrant(ctx.profile, p))) throw new HttpError(403, 'usersCannotGrant');
  return found;
}

type MemberRow = { id: string; userId: string; status: number };

async function findMember(db: Conn, projectId: string, membershipId: string, lock = false): Promise<MemberRow> {
  if (!isUuid(membershipId)) throw new HttpError(404, 'notFound');
  const query = db
    .select({ id: memberships.id, userId: memberships.userId, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.projectId, projectId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** Owners: active members holding an isRoot profile. A project must keep at least one. */
export async function countActiveOwners(db: Conn, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count(sql`distinct ${memberships.id}`) })
    .from(memberships)
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .where(and(eq(memberships.projectId, projectId), eq(memberships.status, 1), eq(profiles.isRoot, true)));
  return row.n;
}

/**
 * Runs a change inside the caller's transaction and refuses it (409, naming `fields`) if it
 * leaves a project that had an owner without one; the transaction then rolls it back.
 */
export async function keepingAnOwner<T>(tx: Tx, projectId: string, change: () => Promise<T>, fields: Record<string, string> = {}): Promise<T> {
  const before = await countActiveOwners(tx, projectId);
  const result = await change();
  if (before > 0 && (await countActiveOwners(tx, projectId)) === 0) throw new HttpError(409, 'usersLastOwner', fields);
  return result;
}

/**
 * Runs a membership change with the project row locked: every change that can take away
 * an owner goes through this gate, so two of them (two removals of the last two owners)
 * run one after the other and the second sees the first.
 */
async function changeMembers<T>(db: Db, projectId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    return keepingAnOwner(tx, projectId, () => change(tx));
  });
  // The member's open sockets follow the change (profiles, deactivation, removal).
  announceGrants({ projectId });
  return result;
}

async function heldProfiles(db: Conn, membershipId: string) {
  return db
    .select(grantColumns)
    .from(membershipProfiles)
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .where(eq(membershipProfiles.membershipId, membershipId))
    .orderBy(asc(profiles.name));
}

/** A member whose profiles the actor could not hand out is beyond the actor's reach. */
function assertReach(ctx: Pick<ProjectContext, 'profile'>, held: ProfileGrant[]) {
  if (held.some((p) => !canGrant(ctx.profile, p))) throw new HttpError(403, 'usersOutranked');
}

/** The member's profiles become exactly these. */
export async function replaceProfiles(db: Conn, membershipId: string, profileIds: string[]): Promise<void> {
  await db.delete(membershipProfiles).where(eq(membershipProfiles.membershipId, membershipId));
  if (profileIds.length) await db.insert(membershipProfiles).values(profileIds.map((profileId) => ({ membershipId, profileId })));
}

const names = (list: { id: string; name: string }[]) => list.map(({ id, name }) => ({ id, name }));

/** PATCH: new profiles and/or status, both or neither, audited in the same transaction. */
export async function updateMember(ctx: ProjectContext, membershipId: string, input: UpdateMemberInput): Promise<MemberView> {
  const projectId = ctx.project.id;
  await changeMembers(ctx.db, projectId, async (tx) => {
    const member = await findMember(tx, projectId, membershipId, true);
    const held = await heldProfiles(tx, member.id);
    assertReach(ctx, held);
    const target = { type: 'membership', id: member.id };
    if (input.profileIds) {
      const next = await profilesToGrant(
        tx,
        ctx,
        input.profileIds,
        held.map((p) => p.id),
      );
      const same = next.length === held.length && next.every((p) => held.some((h) => h.id === p.id));
      if (!same) {
        await replaceProfiles(
          tx,
          member.id,
          next.map((p) => p.id),
        );
        await audit(tx, actorOf(ctx), { action: 'member.profiles', target, data: { userId: member.userId, before: names(held), after: names(next) } });
      }
    }
    if (input.status !== undefined && input.status !== member.status) {
      await tx.update(memberships).set({ status: input.status }).where(eq(memberships.id, member.id));
      await audit(tx, actorOf(ctx), { action: 'member.status', target, data: { userId: member.userId, before: member.status, after: input.status } });
    }
  });
  const [view] = await listMembers(ctx.db, projectId, { membershipId });
  return view;
}

/** DELETE: the member leaves the project (their sessions there stop connecting on the next call). */
export async function removeMember(ctx: ProjectContext, membershipId: string): Promise<void> {
  await changeMembers(ctx.db, ctx.project.id, async (tx) => {
    const member = await findMember(tx, ctx.project.id, membershipId, true);
    const held = await heldProfiles(tx, member.id);
    assertReach(ctx, held);
    await tx.delete(memberships).where(eq(memberships.id, member.id));
    await audit(tx, actorOf(ctx), {
      action: 'member.remove',
      target: { type: 'membership', id: member.id },
      data: { userId: member.userId, profiles: names(held) },
    });
  });
}
