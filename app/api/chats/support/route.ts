import { supportOpenSchema } from '@/lib/chats/schemas';
import { openSupport, supportOverview } from '@/lib/chats/support';
import { parseWith, readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

// A project's users ask its support from wherever they are working: signed in is enough;
// the service checks they are an active member of the enabled project.

/** ?projectId: the viewer's support conversation with the project (or null) and the project. */
export const GET = route(async (req, ctx) => {
  const { projectId } = parseWith(supportOpenSchema, Object.fromEntries(req.nextUrl.searchParams));
  return json({ data: await supportOverview(ctx, projectId) });
});

/** {projectId}: the viewer's support conversation with the project, created (201) when there was none. */
export const POST = route(async (req, ctx) => {
  const { projectId } = await readJson(req, supportOpenSchema);
  const { conversation, created } = await openSupport(ctx, projectId);
  return json({ data: { conversation } }, { status: created ? 201 : 200 });
});
