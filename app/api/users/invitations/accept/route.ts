import { signedIn } from '@/lib/auth/respond';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { acceptInvitation } from '@/lib/users/invitations';
import { acceptInvitationSchema } from '@/lib/users/member-schemas';

/**
 * The signed-in user joins the project they were invited to; no project is needed to
 * call it, and the answer is a new session pair already connected to the project.
 */
export const POST = route(async (req, ctx) => {
  const { token } = await readJson(req, acceptInvitationSchema);
  const { tokens, project } = await acceptInvitation(ctx.db, ctx.viewer, token, ctx);
  return signedIn(ctx.db, req, tokens, { message: ctx.t('usersJoined', { project: project.name }) });
});
