import { json, route, type ProjectContext } from '@/lib/http/route';
import { assigneeChoices } from '@/lib/requests/service';

/** Who a request may be assigned to (active members who can read requests), by name: asked for when someone assigns, not carried by every page and detail. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: { assignees: await assigneeChoices(ctx.db, ctx.project.id) } }), {
  permissions: ['REQUESTS__UPDATE'],
});
