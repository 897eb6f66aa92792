import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { revokeInvitation } from '@/lib/users/invitations';

/** Withdraws a pending invitation: whoever invites may also take it back. */
export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    await revokeInvitation(ctx, await param(ctx, 'id'));
    return json({ message: ctx.t('usersInvitationWithdrawn') });
  },
  { permissions: ['USERS__CREATE'] },
);
