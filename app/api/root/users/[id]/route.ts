import { json, param, route } from '@/lib/http/route';
import { userDetail } from '@/lib/root/users';

/** One user with their projects and live session count. */
export const GET = route(async (_req, ctx) => json({ data: await userDetail(ctx.db, await param(ctx, 'id')) }), { root: true });
