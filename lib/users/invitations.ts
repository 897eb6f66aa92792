import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { Viewer } from '../auth/service';
import type { AuthTokens } from '../auth/cookie';
import { hashToken, isUuid } from '../auth/refresh-token';
import { setSessionPair } from '../auth/sessions';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import { actorOf, type ProjectContext } from '../http/route';
import { sendTemplate } from '../mail/service';
import { membershipProfiles, memberships, profiles, projects } from '../projects/tables';
import { pathFor } from '../routes/match';
import { invitations } from './invitation-tables';
import type { InviteInput } from './member-schemas';
import { profilesToGrant, replaceProfiles, type MemberProfile } from './members';
import { findUserByEmail, userLocale } from './service';
import { users } from './tables';

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

export type PendingInvitation = {
  id: string;
  email: string;
  profiles: MemberProfile[];
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
};

/** What the invitation page shows; `state` says whether it can still be accepted. */
export type InvitationSummary = {
  email: string;
  projectName: string;
  inviterName: string | null;
  expiresAt: string;
  state: 'valid' | 'expired' | 'used' | 'revoked' | 'unavailable';
};

/** The project's invitations still waiting for an answer, newest first. */
export async function listInvitations(db: Db, projectId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      profileIds: invitations.profileIds,
      invitedBy: users.name,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.projectId, projectId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(desc(invitations.createdAt), asc(invitations.id));
  const ids = [...new Set(rows.flatMap((r) => r.profileIds))];
  const named = ids.length
    ? await db
        .select({ id: profiles.id, name: profiles.name, isRoot: profiles.isRoot })
        .from(profiles)
        .where(and(eq(profiles.projectId, projectId), inArray(profiles.id, ids)))
        .orderBy(asc(profiles.name))
    : [];
  return rows.map(({ profileIds, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    // A profile deleted since the invitation simply drops out.
    profiles: named.filter((p) => profileIds.includes(p.id)),
  }));
}

function invitationLink(locale: Parameters<typeof pathFor>[1], token: string): string {
  return `${pathFor('invitation', locale)}?token=${token}`;
}

/**
 * Invites an address with some profiles. A pending invitation of the same address to the
 * project is replaced; an active member cannot be invited (a deactivated one can, and
 * accepting reactivates them). The email goes in the invitee's language if they have an
 * account, else in the inviter's.
 */
export async function inviteMember(ctx: ProjectContext, input: InviteInput): Promise<PendingInvitation> {
  await enforce(ctx.db, `invite:${ctx.viewer.user.id}`, LIMITS.invitations);
  const email = input.email.toLowerCase();
  const granted = await profilesToGrant(ctx.db, ctx, input.profileIds);
  const invitee = await findUserByEmail(ctx.db, email);
  if (invitee) {
    const [active] = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.projectId, ctx.project.id), eq(memberships.userId, invitee.id), eq(memberships.status, 1)))
      .limit(1);
    if (active) throw new HttpError(409, 'usersAlreadyMember', { email: 'usersAlreadyMember' });
  }

  const token = randomBytes(32).toString('base64url');
  const created = await ctx.db.transaction(async (tx) => {
    const replaced = await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.projectId, ctx.project.id), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id });
    const [row] = await tx
      .insert(invitations)
      .values({
        projectId: ctx.project.id,
        email,
        profileIds: granted.map((p) => p.id),
        tokenHash: hashToken(token),
        invitedBy: ctx.viewer.user.id,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning({ id: invitations.id, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt });
    await audit(tx, actorOf(ctx), {
      action: 'member.invite',
      target: { type: 'invitation', id: row.id },
      data: { email, profiles: granted.map(({ id, name }) => ({ id, name })), replaced: replaced.map((r) => r.id) },
    });
    return row;
  });

  const locale = invitee ? userLocale(invitee, ctx.locale) : ctx.locale;
  await sendTemplate(ctx.db, email, 'invitation', locale, {
    name: invitee?.name ?? email,
    link: invitationLink(locale, token),
    project: ctx.project.name,
    inviter: ctx.viewer.user.name,
  });
  return {
    id: created.id,
    email,
    profiles: granted.map(({ id, name, isRoot }) => ({ id, name, isRoot })),
    invitedBy: ctx.viewer.user.name,
    createdAt: created.createdAt.toISOString(),
    expiresAt: created.expiresAt.toISOString(),
  };
}

/** Withdraws a pending invitation of the active project; its link stops working. */
export async function revokeInvitation(ctx: ProjectContext, invitationId: string): Promise<void> {
  if (!isUuid(invitationId)) throw new HttpError(404, 'notFound');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.id, invitationId), eq(invitations.projectId, ctx.project.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id, email: invitations.email });
    if (!row) throw new HttpError(404, 'notFound');
    await audit(tx, actorOf(ctx), { action: 'member.invitationRevoke', target: { type: 'invitation', id: row.id }, data: { email: row.email } });
  });
}

async function findByToken(db: Db, token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      profileIds: invitations.profileIds,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      projectId: projects.id,
      projectName: projects.name,
      projectStatus: projects.status,
      inviterName: users.name,
    })
    .from(invitations)
    .innerJoin(projects, eq(projects.id, invitations.projectId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

function stateOf(row: Found): InvitationSummary['state'] {
  if (row.acceptedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  if (row.projectStatus !== 1) return 'unavailable';
  return 'valid';
}

/** For the invitation page; null when the token is not one of ours. */
export async function readInvitation(db: Db, token: string): Promise<InvitationSummary | null> {
  const row = await findByToken(db, token);
  if (!row) return null;
  return { email: row.email, projectName: row.projectName, inviterName: row.inviterName, expiresAt: row.expiresAt.toISOString(), state: stateOf(row) };
}

const STATE_ERRORS: Record<Exclude<InvitationSummary['state'], 'valid'>, [number, string]> = {
  used: [409, 'usersInvitationUsed'],
  revoked: [410, 'usersInvitationRevoked'],
  expired: [410, 'usersInvitationExpired'],
  unavailable: [409, 'usersInvitationUnavailable'],
};

function refuse(state: keyof typeof STATE_ERRORS): never {
  const [status, key] = STATE_ERRORS[state];
  throw new HttpError(status, key);
}

/**
 * The signed-in user accepts: the invitation is claimed, the membership created (or
 * reactivated) with the invited profiles that still exist, and an unconfirmed email
 * confirmed (the link reached that address), all in one transaction so a token works
 * once. Then the session is pointed at the project through the first of those profiles.
 */
export async function acceptInvitation(db: Db, viewer: Viewer, token: string, meta: { ip: string }) {
  const found = await findByToken(db, token);
  if (!found) throw new HttpError(404, 'usersInvitationInvalid');
  const state = stateOf(found);
  if (state !== 'valid') refuse(state);
  if (found.email.toLowerCase() !== viewer.user.email.toLowerCase()) throw new HttpError(403, 'usersInvitationOtherEmail', {}, { email: found.email });
  const userId = viewer.user.id;

  const joined = await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(invitations.id, found.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
      .returning({ profileIds: invitations.profileIds });
    // Another request took it between the read and here.
    if (!claimed) refuse('used');
    const [project] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, found.projectId)).for('update');
    if (project?.status !== 1) refuse('unavailable');
    const still = claimed.profileIds.length
      ? await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(profiles.projectId, found.projectId), inArray(profiles.id, claimed.profileIds)))
      : [];
    const kept = claimed.profileIds.filter((id) => still.some((p) => p.id === id));
    if (kept.length === 0) throw new HttpError(409, 'usersInvitationNoProfiles');

    const [existing] = await tx
      .select({ id: memberships.id, status: memberships.status })
      .from(memberships)
      .where(and(eq(memberships.projectId, found.projectId), eq(memberships.userId, userId)))
      .for('update');
    let membershipId: string;
    if (existing?.status === 1) {
      // Already in (joined another way meanwhile): the invitation only adds, never takes away.
      membershipId = existing.id;
      await tx
        .insert(membershipProfiles)
        .values(kept.map((profileId) => ({ membershipId, profileId })))
        .onConflictDoNothing();
    } else if (existing) {
      // A deactivated member comes back with what this invitation gives, not what they had.
      membershipId = existing.id;
      await tx.update(memberships).set({ status: 1 }).where(eq(memberships.id, membershipId));
      await replaceProfiles(tx, membershipId, kept);
    } else {
      [{ id: membershipId }] = await tx.insert(memberships).values({ projectId: found.projectId, userId }).returning({ id: memberships.id });
      await replaceProfiles(tx, membershipId, kept);
    }
    await tx
      .update(users)
      .set({ status: 1, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.status, -1)));
    await audit(
      tx,
      { userId, projectId: found.projectId, ip: meta.ip },
      {
        action: 'member.join',
        target: { type: 'membership', id: membershipId },
        data: { invitationId: found.id, profileIds: kept },
      },
    );
    return { membershipId, profileId: kept[0] };
  });

  const tokens: AuthTokens | null = await setSessionPair(db, viewer.claims.sid, userId, { projectId: found.projectId, profileId: joined.profileId });
  if (!tokens) throw new HttpError(401, 'sessionEnded');
  return { tokens, project: { id: found.projectId, name: found.projectName }, membershipId: joined.membershipId };
}
