import { json, route } from '@/lib/http/route';
import { issueTicket } from '@/lib/realtime/tickets';

/** A single-use ticket, good for 60 s, to open the socket with (`/ws/v1?token=…`). */
export const POST = route(async (_req, ctx) => json({ data: await issueTicket(ctx.db, ctx.viewer.claims) }));
