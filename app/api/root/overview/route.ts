import { json, route } from '@/lib/http/route';
import { platformOverview } from '@/lib/root/overview';

/** The root overview's figures; days are counted in the caller's time zone. */
export const GET = route(async (_req, ctx) => json({ data: await platformOverview(ctx.db, ctx.viewer.user.timeZone) }), { root: true });
