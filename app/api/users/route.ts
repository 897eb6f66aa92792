import { json, route, type ProjectContext } from '@/lib/http/route';
import { listInvitations } from '@/lib/users/invitations';
import { listMembers, profileOptions } from '@/lib/users/members';

/** The active project's members, pending invitations, and the profiles the caller may hand out. */
export const GET = route<ProjectContext>(
  async (_req, ctx) => {
    const [members, invitations, profiles] = await Promise.all([
      listMembers(ctx.db, ctx.project.id),
      listInvitations(ctx.db, ctx.project.id),
      profileOptions(ctx.db, ctx.project.id, ctx.profile),
    ]);
    return json({ members, invitations, profiles });
  },
  { permissions: ['USERS__VIEW'] },
);
