/**
 * Who an event is for. A socket is reached when it is connected to `projectId` and either
 * holds one of `perms` or is one of `users`. `customers` are reached on any socket of
 * theirs (a project's user writing to its support, whatever project they are working in),
 * but only while they are still a user of `projectId` when it is set: the same rule the
 * API applies before letting them read their support conversation.
 * `except` is the user whose action caused the event (typing indicators skip them).
 */
export type Audience = {
  projectId?: string;
  perms?: readonly string[];
  users?: readonly string[];
  customers?: readonly string[];
  except?: string;
};

/** What the hub knows about one open socket, re-read from the database now and then. */
export type SocketGrant = {
  userId: string;
  projectId: string | null;
  /** The active profile is an isRoot one (passes every permission). */
  isRoot: boolean;
  permissions: readonly string[];
  /** Enabled projects the user is an active member of: where they are reached as a customer. */
  memberOf: readonly string[];
  /** Every project the user has a membership in, whatever its state: a change announced for one of them re-reads this grant. */
  memberships: readonly string[];
};

export function reaches(grant: SocketGrant, audience: Audience): boolean {
  if (audience.except && audience.except === grant.userId) return false;
  if (audience.customers?.includes(grant.userId) && (!audience.projectId || grant.memberOf.includes(audience.projectId))) return true;
  if (!audience.projectId || grant.projectId !== audience.projectId) return false;
  if (audience.users?.includes(grant.userId)) return true;
  if (!audience.perms) return false;
  return grant.isRoot || audience.perms.some((p) => grant.permissions.includes(p));
}

/** One event on its way to every server instance. */
export type Envelope = { audience: Audience; e: string; d: unknown };
