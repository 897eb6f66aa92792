import { json, param, route } from '@/lib/http/route';
import { getEmailOrThrow } from '@/lib/root/outbox';

/** One email in full: text, HTML and links. */
export const GET = route(async (_req, ctx) => json({ data: await getEmailOrThrow(ctx.db, await param(ctx, 'id')) }), { root: true });
