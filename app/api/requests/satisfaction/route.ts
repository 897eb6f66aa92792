import { json, route, type ProjectContext } from '@/lib/http/route';
import { satisfaction } from '@/lib/requests/rating';

/** The dashboard's figure: the project's ratings of the last 30 days and how many were good. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: await satisfaction(ctx.db, ctx.project.id) }), {
  permissions: ['REQUESTS__VIEW'],
});
