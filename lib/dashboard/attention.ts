import { hasPermissions, type ProfileGrant } from '../access/check';
import type { Permission } from '../access/permissions';
import type { Db } from '../db/client';
import type { RouteName } from '../routes/table';
import { pendingInvitations } from './pending-invitations';

/**
 * Something on the dashboard home that may need the user: a count of waiting items in
 * the active project, shown to profiles holding `permissions`, linking to `route`. Its
 * title and text are `dashboard.attention.<key>.title` / `.text` (with `{count}`).
 */
export type AttentionProvider = {
  key: string;
  permissions: readonly Permission[];
  route: RouteName;
  count(db: Db, projectId: string): Promise<number>;
};

export type AttentionItem = { key: string; route: RouteName; count: number };

/** Every module's provider; a new module adds its own here. */
const attentionProviders: readonly AttentionProvider[] = [pendingInvitations];

/** The non-zero counts the profile may see, in the list's order. */
export async function attentionFor(
  db: Db,
  projectId: string,
  profile: ProfileGrant,
  providers: readonly AttentionProvider[] = attentionProviders,
): Promise<AttentionItem[]> {
  const visible = providers.filter((p) => hasPermissions(profile, p.permissions));
  const counts = await Promise.all(visible.map((p) => p.count(db, projectId)));
  return visible.map((p, i) => ({ key: p.key, route: p.route, count: counts[i] })).filter((item) => item.count > 0);
}
