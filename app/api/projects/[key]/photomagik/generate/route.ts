import { readJson } from '@/lib/http/body';
import { json, param, route, type RouteContext } from '@/lib/http/route';
import { requestGeneration } from '@/lib/photomagik/generate';
import { localized } from '@/lib/photomagik/http';
import { projectForKey } from '@/lib/photomagik/keys';
import { generateSchema } from '@/lib/photomagik/schemas';
import { publicGeneration } from '@/lib/photomagik/public';

/**
 * The project's own app asks for an image for one of its users: `Authorization: Bearer <key>`,
 * body `{ user, style, prompt }`. Answers 202 with the queued generation (poll its `url`);
 * 402 when the user has no credits left, 403 when blocked.
 */
export const POST = route<RouteContext>(
  localized(async (req, ctx) => {
    const project = await projectForKey(ctx.db, await param(ctx, 'key'), req.headers.get('authorization'));
    const job = await requestGeneration(ctx.db, project.id, await readJson(req, generateSchema));
    return json({ generation: await publicGeneration(ctx.db, project.id, await param(ctx, 'key'), job.id) }, { status: 202 });
  }),
  { auth: 'none' },
);
