import { and, eq, not, or, sql, type SQL } from 'drizzle-orm';
import { hasPermissions, type ProfileGrant } from '../access/check';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { SignedInContext } from '../http/route';
import { memberships, projects } from '../projects/tables';
import { setBounded } from '../ops/bounded';
import type { SocketGrant } from '../realtime/audience';
import { chatConversations, chatMembers, type ChatConversation } from './tables';

export type Conn = Db | Tx;

/**
 * Who looks at a conversation: the user, the project they act in and the grant of their
 * active profile (what the route wrapper and the socket both re-read from the database).
 */
export type Seer = { userId: string; projectId: string | null; grant: ProfileGrant | null };

export function seerOf(ctx: Pick<SignedInContext, 'viewer'>): Seer {
  const { viewer } = ctx;
  return { userId: viewer.user.id, projectId: viewer.project?.id ?? null, grant: viewer.project ? viewer.profile : null };
}

export function seerOfSocket(grant: SocketGrant): Seer {
  return { userId: grant.userId, projectId: grant.projectId, grant: { isRoot: grant.isRoot, permissions: grant.permissions } };
}

/** How the seer reaches a conversation: as the project's staff, or as the support conversation's own user. */
export type Side = 'staff' | 'customer';

const notFound = () => new HttpError(404, 'notFound');

export const mayTeam = (seer: Seer) => hasPermissions(seer.grant, ['CHATS__TEAM']);
export const maySupport = (seer: Seer) => hasPermissions(seer.grant, ['CHATS__SUPPORT']);

export async function findConversation(db: Conn, id: string): Promise<ChatConversation | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  return row ?? null;
}

/** What never changes about a conversation once it exists: enough to check access to it and to send to it. */
export type ConversationShape = Pick<ChatConversation, 'id' | 'projectId' | 'kind' | 'isPrivate' | 'customerId'>;

// Read once per conversation and kept: the send paths check access with it on every message,
// and none of its fields ever changes. A conversation deleted since is refused by the commit,
// which locks its row (404); membership of a private one is read on every send.
const SHAPES_MAX = 10_000;
const shapes = new Map<string, ConversationShape>();

export async function conversationShape(db: Conn, id: string): Promise<ConversationShape | null> {
  const known = shapes.get(id);
  if (known) return known;
  const row = await findConversation(db, id);
  if (!row) return null;
  const shape: ConversationShape = Object.freeze({
    id: row.id,
    projectId: row.projectId,
    kind: row.kind,
    isPrivate: row.isPrivate,
    customerId: row.customerId,
  });
  setBounded(shapes, SHAPES_MAX, id, shape);
  return shape;
}

export async function isMember(db: Conn, conversationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

// The one rule for "a user of the project": the API's checks and the socket's customer delivery share it.
const activeMembership = and(eq(memberships.status, 1), eq(projects.status, 1))!;

/** A user of the project (any profile, or none): an active membership of an enabled project. */
export async function isActiveMember(db: Conn, userId: string, projectId: string): Promise<boolean> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(and(eq(memberships.userId, userId), eq(memberships.projectId, projectId), activeMembership))
    .limit(1);
  return rows.length > 0;
}

/** For a socket's grant: the projects the user is a user of (isActiveMember), and every project they have a membership in. */
export async function membershipsOf(db: Conn, userId: string): Promise<{ memberOf: string[]; memberships: string[] }> {
  const rows = await db
    .select({ projectId: memberships.projectId, active: sql<boolean>`${activeMembership}` })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(eq(memberships.userId, userId))
    // A stable order: the socket compares grants by their text to see whether anything changed.
    .orderBy(memberships.projectId);
  return { memberOf: rows.filter((r) => r.active).map((r) => r.projectId), memberships: rows.map((r) => r.projectId) };
}

/** Staff rules: team conversations need CHATS__TEAM (and membership when private or direct), support ones CHATS__SUPPORT. */
export async function staffMaySee(db: Conn, seer: Seer, conversation: ConversationShape): Promise<boolean> {
  if (!seer.projectId || seer.projectId !== conversation.projectId) return false;
  if (conversation.kind === 'support') return maySupport(seer);
  if (!mayTeam(seer)) return false;
  // Membership, never permissions, opens a private conversation: not even a full-access profile reads others' directs.
  if (conversation.kind === 'direct' || conversation.isPrivate) return isMember(db, conversation.id, seer.userId);
  return true;
}

/** The support conversation's own user, while they are still a member of the enabled project. */
export async function customerMaySee(db: Conn, seer: Seer, conversation: ConversationShape): Promise<boolean> {
  if (conversation.kind !== 'support' || conversation.customerId !== seer.userId) return false;
  return isActiveMember(db, seer.userId, conversation.projectId);
}

type Viewing = { db: Conn } & Pick<SignedInContext, 'viewer'>;
const MAY_SEE: Record<Side, (db: Conn, seer: Seer, conversation: ConversationShape) => Promise<boolean>> = {
  staff: staffMaySee,
  customer: customerMaySee,
};

/** The conversation found, if the viewer reaches it from `side`; else 404. */
async function reachedOrThrow<C extends ConversationShape>(ctx: Viewing, found: C | null, side: Side): Promise<C> {
  if (!found || !(await MAY_SEE[side](ctx.db, seerOf(ctx), found))) throw notFound();
  return found;
}

/** Staff routes: a conversation of the active project the viewer may see, else 404. */
export async function getConversationOrThrow(ctx: Viewing, id: string): Promise<ChatConversation> {
  return reachedOrThrow(ctx, await findConversation(ctx.db, id), 'staff');
}

/** Customer routes: the viewer's own support conversation, else 404. */
export async function getCustomerConversationOrThrow(ctx: Viewing, id: string): Promise<ChatConversation> {
  return reachedOrThrow(ctx, await findConversation(ctx.db, id), 'customer');
}

/** Sending on `side`: the shape of a conversation the viewer may write to from there (kept after the first read), else 404. */
export async function getSendTargetOrThrow(ctx: Viewing, id: string, side: Side): Promise<ConversationShape> {
  return reachedOrThrow(ctx, await conversationShape(ctx.db, id), side);
}

/** Routes both sides use (messages, files): whichever way the seer reaches the conversation, or null. */
export async function sideOf(db: Conn, seer: Seer, conversation: ConversationShape): Promise<Side | null> {
  if (await customerMaySee(db, seer, conversation)) return 'customer';
  if (await staffMaySee(db, seer, conversation)) return 'staff';
  return null;
}

const memberOf = (userId: string) =>
  sql`exists (select 1 from ${chatMembers} where ${chatMembers.conversationId} = ${chatConversations.id} and ${chatMembers.userId} = ${userId})`;

/**
 * The conversations of the seer's project they may see as staff, as a condition on
 * chat_conversations (the same rules as staffMaySee, for lists, unread counts and search);
 * null when they may see none.
 */
export function staffVisible(seer: Seer): SQL | null {
  if (!seer.projectId) return null;
  const parts: SQL[] = [];
  if (mayTeam(seer)) {
    parts.push(and(eq(chatConversations.kind, 'channel'), or(not(chatConversations.isPrivate), memberOf(seer.userId)))!);
    parts.push(and(eq(chatConversations.kind, 'direct'), memberOf(seer.userId))!);
  }
  if (maySupport(seer)) parts.push(eq(chatConversations.kind, 'support'));
  if (parts.length === 0) return null;
  return and(eq(chatConversations.projectId, seer.projectId), or(...parts))!;
}
