import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { memberListQuerySchema } from '@/lib/users/member-schemas';
import { usersOverview } from '@/lib/users/overview';

/** A page of the active project's members (?q, ?page), its pending invitations, and the profiles the caller may hand out. */
export const GET = route<ProjectContext>(
  async (req, ctx) =>
    json(await usersOverview(ctx.db, ctx.project.id, ctx.profile, parseWith(memberListQuerySchema, Object.fromEntries(req.nextUrl.searchParams)))),
  { permissions: ['USERS__VIEW'] },
);
