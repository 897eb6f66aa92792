import { json, route, type ProjectContext } from '@/lib/http/route';
import { usersOverview } from '@/lib/users/overview';

/** The active project's members, pending invitations, and the profiles the caller may hand out. */
export const GET = route<ProjectContext>(async (_req, ctx) => json(await usersOverview(ctx.db, ctx.project.id, ctx.profile)), { permissions: ['USERS__VIEW'] });
