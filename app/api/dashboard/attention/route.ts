import { attentionFor } from '@/lib/dashboard/attention';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** The home's counts for the viewer in the active project: each provider only when the profile holds its permissions. */
export const GET = route<ProjectContext>(
  async (_req, ctx) => json({ data: await attentionFor(ctx.db, { projectId: ctx.project.id, userId: ctx.viewer.user.id, grant: ctx.profile }) }),
  { connected: true },
);
