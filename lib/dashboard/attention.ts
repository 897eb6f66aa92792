import { hasPermissions, type ProfileGrant } from '../access/check';
import { cachedProjectRead } from '../auth/callers';
import type { Permission } from '../access/permissions';
import type { Db } from '../db/client';
import { projectTimeZone } from '../projects/time-zone';
import type { RouteName } from '../routes/table';
import { dayIn } from './days';
import { pendingInvitations } from './pending-invitations';
import { cardsDue, cardsOverdue } from './providers/boards';
import { openSupport, unreadChats } from './providers/chats';
import { invoicesDue, invoicesOverdue } from './providers/invoices';
import { newResponses } from './providers/interviews';
import { assignedRequests, slaBreaches } from './providers/requests';

/** Whose attention is counted: the viewer, their active project and profile, and the project's day. */
export type AttentionScope = {
  projectId: string;
  userId: string;
  grant: ProfileGrant;
  /** The project's IANA zone: "due today" is the project's today. */
  timeZone: string;
};

/**
 * Something on the dashboard home that may need the user: a count of waiting items in
 * the active project, shown to profiles holding `permissions` (`mode` 'some': any of
 * them), linking to `route` with `query` (a filter the list understands). Its title and
 * text are `dashboard.attentionItems.<key>.title` / `.text` (with `{count}`).
 */
export type AttentionProvider = {
  key: string;
  permissions: readonly Permission[];
  mode?: 'all' | 'some';
  route: RouteName;
  query?: string;
  /**
   * Never kept under the project's data ("d:", migration 0025): chat counts move with every
   * message, so they keep to the chats' own announcements (lib/chats/counts.ts, 0027).
   */
  live?: true;
  count(db: Db, scope: AttentionScope): Promise<number>;
};

export type AttentionItem = { key: string; route: RouteName; query?: string; count: number };

/** Every module's provider, in the order the home shows them. */
const attentionProviders: readonly AttentionProvider[] = [
  unreadChats,
  openSupport,
  assignedRequests,
  slaBreaches,
  cardsOverdue,
  cardsDue,
  invoicesOverdue,
  invoicesDue,
  newResponses,
  pendingInvitations,
];

/**
 * Every count the profile may see, in the list's order. Zero counts stay in the list:
 * the home shows them calmly ("nothing waiting") so a clear area reads as checked, not
 * as forgotten; a profile without the permission gets no item at all.
 */
export async function attentionFor(
  db: Db,
  scope: Omit<AttentionScope, 'timeZone'> & { timeZone?: string },
  providers: readonly AttentionProvider[] = attentionProviders,
  options: { cached?: boolean } = {},
): Promise<AttentionItem[]> {
  const visible = providers.filter((p) => hasPermissions(scope.grant, p.permissions, p.mode));
  if (visible.length === 0) return [];
  const full: AttentionScope = { ...scope, timeZone: scope.timeZone ?? (await projectTimeZone(db, scope.projectId)) };
  const count = (p: AttentionProvider) => (options.cached && !p.live ? cachedCount(db, p, full) : p.count(db, full));
  const counts = await Promise.all(visible.map(count));
  return visible.map((p, i) => ({ key: p.key, route: p.route, ...(p.query && { query: p.query }), count: counts[i] }));
}

/**
 * A count kept by the instance until the project's data changes (the database announces
 * "d:<project>" at commit) or the project's day turns; counts that also move with the clock
 * alone (an SLA passing, an invitation expiring) are at most the cache's minute old.
 */
function cachedCount(db: Db, provider: AttentionProvider, scope: AttentionScope): Promise<number> {
  return cachedProjectRead(db, scope.projectId, `attention|${provider.key}|${scope.userId}|${scope.timeZone}|${dayIn(scope.timeZone)}`, () =>
    provider.count(db, scope),
  );
}
