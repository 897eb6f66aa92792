import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { createCanned, listCanned } from '@/lib/requests/canned';
import { cannedReplySchema } from '@/lib/requests/schemas';

// Canned replies are managed like the module's other settings (SETTINGS__UPDATE); whoever
// answers requests reads them, to insert one from the composer.

export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: { replies: await listCanned(ctx) } }), {
  permissions: ['REQUESTS__UPDATE', 'SETTINGS__UPDATE'],
  mode: 'some',
});

/** {title, body}: the body may hold {{name}}, {{project}} and {{agent}}. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const reply = await createCanned(ctx, await readJson(req, cannedReplySchema));
    return json({ data: { reply }, message: ctx.t('requests.cannedCreated', { title: reply.title }) }, { status: 201 });
  },
  { permissions: ['SETTINGS__UPDATE'] },
);
