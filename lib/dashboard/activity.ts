import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { hasPermissions, type ProfileGrant } from '../access/check';
import type { Permission } from '../access/permissions';
import { auditLog } from '../audit/tables';
import { cachedProjectRead } from '../auth/callers';
import { boardActivity, boardCards } from '../boards/tables';
import type { Db } from '../db/client';
import { requestMessages, requests } from '../requests/tables';
import type { RouteName } from '../routes/table';
import { users } from '../users/tables';

/** How many entries the home shows. */
export const ACTIVITY_LIMIT = 20;
// Audit rows read before filtering by what the viewer may open; enough for a page of 20 in practice.
const SCAN = 100;

export type ActivityEntry = {
  id: string;
  /** The sentence's key under dashboard.activity.actions (`board.moved`, `member.invite`…). */
  action: string;
  actor: { name: string; avatar: string | null } | null;
  /** A name the sentence may quote (a card's title, an invoice number), else ''. */
  subject: string;
  at: string;
  link: { route: RouteName; params?: Record<string, string> } | null;
};

/**
 * Who may see an audit entry: the permission that opens its module. Actions of areas
 * without a project page of their own (project status, content, root's entries) need the
 * settings permission, the project's administrators.
 */
const AREAS: Record<string, { permissions: Permission[]; route?: RouteName }> = {
  member: { permissions: ['USERS__VIEW'], route: 'users' },
  profile: { permissions: ['PROFILES__VIEW'], route: 'profiles' },
  invoice: { permissions: ['INVOICES__VIEW'], route: 'invoice' },
  photomagik: { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW'] },
  project: { permissions: ['SETTINGS__UPDATE'], route: 'settings' },
};
const FALLBACK = { permissions: ['SETTINGS__UPDATE'] as Permission[] };

const BOARD_PERMISSIONS: readonly Permission[] = ['BOARDS__VIEW'];
const REQUEST_PERMISSIONS: readonly Permission[] = ['REQUESTS__VIEW'];

/** An entry before any viewer's filter: who made it and what the viewer needs to see it. */
type Sourced = { entry: ActivityEntry; actorId: string | null; permissions: readonly Permission[] };

function areaOf(action: string) {
  return AREAS[action.split('.')[0]] ?? FALLBACK;
}

function subjectOf(data: Record<string, unknown>): string {
  for (const k of ['title', 'number', 'name', 'email']) if (typeof data[k] === 'string' || typeof data[k] === 'number') return String(data[k]).slice(0, 120);
  return '';
}

async function auditEntries(db: Db, projectId: string): Promise<Sourced[]> {
  const rows = await db
    .select({ e: auditLog, name: users.name, avatar: users.avatar })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.projectId, projectId))
    .orderBy(desc(auditLog.seq))
    .limit(SCAN);
  return rows.map(({ e, name, avatar }) => {
    const { route, permissions } = areaOf(e.action);
    // The invoice page needs the invoice; the others are list pages.
    const link = route === 'invoice' ? (e.targetId ? { route, params: { id: e.targetId } } : null) : route ? { route } : null;
    const entry = {
      id: e.id,
      action: e.action,
      actor: name === null ? null : { name, avatar },
      subject: subjectOf(e.data),
      at: e.createdAt.toISOString(),
      link,
    };
    return { entry, actorId: e.actorId, permissions };
  });
}

async function boardEntries(db: Db, projectId: string): Promise<Sourced[]> {
  const rows = await db
    .select({ a: boardActivity, title: boardCards.title, name: users.name, avatar: users.avatar })
    .from(boardActivity)
    .innerJoin(boardCards, eq(boardCards.id, boardActivity.cardId))
    .leftJoin(users, eq(users.id, boardActivity.actorId))
    .where(and(eq(boardActivity.projectId, projectId)))
    .orderBy(desc(boardActivity.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map(({ a, title, name, avatar }) => ({
    entry: {
      id: `board-${a.id}`,
      action: `board.${a.kind}`,
      actor: name === null ? null : { name, avatar },
      subject: title.slice(0, 120),
      at: a.createdAt.toISOString(),
      link: { route: 'board', params: { id: a.boardId } },
    },
    actorId: a.actorId,
    permissions: BOARD_PERMISSIONS,
  }));
}

/** The sentences of request activity (dashboard.activity.actions.request.*). */
export const REQUEST_ACTIONS = { opened: 'request.opened', reply: 'request.replied', note: 'request.noted' } as const;

/**
 * Requests opened (the first entry of a thread), replies and staff notes. The thread's own
 * events (merges) stay in the thread: they repeat what a person did there.
 */
async function requestEntries(db: Db, projectId: string): Promise<Sourced[]> {
  const first = sql<boolean>`${requestMessages.createdAt} = (select min(m.created_at) from request_messages m where m.request_id = ${requestMessages.requestId})`;
  const rows = await db
    .select({
      id: requestMessages.id,
      kind: requestMessages.kind,
      at: requestMessages.createdAt,
      requestId: requests.id,
      subject: requests.subject,
      first,
      name: users.name,
      avatar: users.avatar,
      actorId: requestMessages.authorId,
    })
    .from(requestMessages)
    .innerJoin(requests, eq(requests.id, requestMessages.requestId))
    .leftJoin(users, eq(users.id, requestMessages.authorId))
    .where(and(eq(requestMessages.projectId, projectId), inArray(requestMessages.kind, ['reply', 'note'])))
    .orderBy(desc(requestMessages.createdAt), desc(requestMessages.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((r) => ({
    entry: {
      id: `request-${r.id}`,
      action: REQUEST_ACTIONS[r.kind === 'note' ? 'note' : r.first ? 'opened' : 'reply'],
      actor: r.name === null ? null : { name: r.name, avatar: r.avatar },
      subject: r.subject.slice(0, 120),
      at: r.at.toISOString(),
      link: { route: 'request', params: { id: r.requestId } },
    },
    actorId: r.actorId,
    permissions: REQUEST_PERMISSIONS,
  }));
}

/**
 * The project's newest activity the profile may open: audit entries, board changes and
 * requests, newest first, with the ids of who made them (their names are in the entries).
 */
async function visibleActivity(db: Db, projectId: string, grant: ProfileGrant): Promise<{ entries: ActivityEntry[]; actorIds: string[] }> {
  const none = Promise.resolve([]);
  const parts = await Promise.all([
    auditEntries(db, projectId),
    hasPermissions(grant, BOARD_PERMISSIONS) ? boardEntries(db, projectId) : none,
    hasPermissions(grant, REQUEST_PERMISSIONS) ? requestEntries(db, projectId) : none,
  ]);
  const shown = parts
    .flat()
    .filter((s) => hasPermissions(grant, s.permissions))
    .sort((a, b) => (a.entry.at < b.entry.at ? 1 : a.entry.at > b.entry.at ? -1 : 0))
    .slice(0, ACTIVITY_LIMIT);
  return { entries: shown.map((s) => s.entry), actorIds: [...new Set(shown.flatMap((s) => (s.actorId ? [s.actorId] : [])))] };
}

export async function recentActivity(db: Db, projectId: string, grant: ProfileGrant): Promise<ActivityEntry[]> {
  return (await visibleActivity(db, projectId, grant)).entries;
}

/**
 * Every permission that decides which entries a profile sees: profiles holding the same
 * ones see the same list, so the list is kept once per project and combination.
 */
const DECIDING: readonly Permission[] = [
  ...new Set([...Object.values(AREAS).flatMap((a) => a.permissions), ...FALLBACK.permissions, ...BOARD_PERMISSIONS, ...REQUEST_PERMISSIONS]),
];

/**
 * `recentActivity` through the instance's cache until the project's data or an actor's
 * name changes (both announced by the database; lib/auth/callers.ts).
 */
export async function cachedActivity(db: Db, projectId: string, grant: ProfileGrant): Promise<ActivityEntry[]> {
  const mask = grant.isRoot ? 'root' : DECIDING.map((p) => (hasPermissions(grant, [p]) ? '1' : '0')).join('');
  const found = await cachedProjectRead(
    db,
    projectId,
    `activity|${mask}`,
    () => visibleActivity(db, projectId, grant),
    (value) => value.actorIds,
  );
  return found.entries;
}
