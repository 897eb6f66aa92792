import { readJson } from '@/lib/http/body';
import { clientIp } from '@/lib/http/client-ip';
import { json, param, route, type RouteContext } from '@/lib/http/route';
import { requestGeneration } from '@/lib/photomagik/generate';
import { localized } from '@/lib/photomagik/http';
import { projectForKey } from '@/lib/photomagik/keys';
import { generateSchema } from '@/lib/photomagik/schemas';
import { publicGeneration } from '@/lib/photomagik/public';
import { limitAddress, limitProject } from '@/lib/photomagik/rate';

/**
 * The project's own app asks for an image for one of its users: `Authorization: Bearer <key>`,
 * body `{ user, style, prompt }`. Answers 202 with the queued generation (poll its `url`);
 * 402 when the user has no credits left, 403 when blocked, 429 (Retry-After) past the
 * per-address or per-key limit.
 */
export const POST = route<RouteContext>(
  localized(async (req, ctx) => {
    await limitAddress(ctx.db, clientIp(req));
    const project = await projectForKey(ctx.db, await param(ctx, 'key'), req.headers.get('authorization'));
    await limitProject(ctx.db, project.id);
    const job = await requestGeneration(ctx.db, project.id, await readJson(req, generateSchema));
    return json({ generation: await publicGeneration(ctx.db, project.id, await param(ctx, 'key'), job.id) }, { status: 202 });
  }),
  { auth: 'none' },
);
