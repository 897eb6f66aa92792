import { recentActivity } from '@/lib/dashboard/activity';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** The active project's newest activity, each entry only when the profile may open its module. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: await recentActivity(ctx.db, ctx.project.id, ctx.profile) }), { connected: true });
