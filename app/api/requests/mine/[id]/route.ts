import { json, param, route } from '@/lib/http/route';
import { ownRequestDetail } from '@/lib/requests/own';

/** The viewer's own request with its public thread; anyone else's is a 404. */
export const GET = route(async (_req, ctx) => json({ data: await ownRequestDetail(ctx, await param(ctx, 'id')) }));
