import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { deleteCanned, updateCanned } from '@/lib/requests/canned';
import { cannedReplySchema } from '@/lib/requests/schemas';

/** {title, body}: both, as the form sends them. */
export const PATCH = route<ProjectContext>(
  async (req, ctx) => {
    const reply = await updateCanned(ctx, await param(ctx, 'cannedId'), await readJson(req, cannedReplySchema));
    return json({ data: { reply }, message: ctx.t('requests.cannedSaved', { title: reply.title }) });
  },
  { permissions: ['SETTINGS__UPDATE'] },
);

export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    const row = await deleteCanned(ctx, await param(ctx, 'cannedId'));
    return json({ message: ctx.t('requests.cannedDeleted', { title: row.title }) });
  },
  { permissions: ['SETTINGS__UPDATE'] },
);
