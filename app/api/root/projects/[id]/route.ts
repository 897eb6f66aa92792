import { json, param, route } from '@/lib/http/route';
import { projectDetail } from '@/lib/root/projects';

/** A project as root reviews it: request, requester, files and members. */
export const GET = route(async (_req, ctx) => json({ data: await projectDetail(ctx.db, await param(ctx, 'id')) }), { root: true });
