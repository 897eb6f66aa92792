import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { invitations } from '../users/invitation-tables';
import type { AttentionProvider } from './attention';

/** Invitations sent and still open: not accepted, not revoked, not expired. */
export const pendingInvitations: AttentionProvider = {
  key: 'pendingInvitations',
  permissions: ['USERS__VIEW'],
  route: 'users',
  async count(db, { projectId }) {
    const [row] = await db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.projectId, projectId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date())));
    return row?.n ?? 0;
  },
};
