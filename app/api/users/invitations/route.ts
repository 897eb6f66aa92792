import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { inviteMember } from '@/lib/users/invitations';
import { inviteSchema } from '@/lib/users/member-schemas';

/** Invites an address to the project with some profiles; the link goes out by email. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const input = await readJson(req, inviteSchema);
    const invitation = await inviteMember(ctx, input);
    return json({ invitation, message: ctx.t('usersInvited', { email: invitation.email }) }, { status: 201 });
  },
  { permissions: ['USERS__CREATE'] },
);
