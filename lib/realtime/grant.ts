import type { AccessClaims } from '../auth/claims';
import { membershipsOf } from '../chats/access';
import type { Db } from '../db/client';
import type { SocketGrant } from './audience';

/** A socket's grant: its session's project and profile, and where its user is a member (for customer deliveries). */
export async function grantFor(db: Db, claims: AccessClaims): Promise<SocketGrant> {
  return { userId: claims.sub, projectId: claims.pid ?? null, isRoot: claims.prr, permissions: claims.perms, ...(await membershipsOf(db, claims.sub)) };
}

export function sameGrant(a: SocketGrant, b: SocketGrant): boolean {
  return (
    a.projectId === b.projectId &&
    a.isRoot === b.isRoot &&
    a.permissions.join() === b.permissions.join() &&
    a.memberOf.join() === b.memberOf.join() &&
    a.memberships.join() === b.memberships.join()
  );
}
