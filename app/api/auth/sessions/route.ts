import { listSessions } from '@/lib/auth/sessions';
import { json, route } from '@/lib/http/route';

/** The user's signed-in devices. */
export const GET = route(async (_req, { db, viewer }) => json({ sessions: await listSessions(db, viewer.user.id, viewer.claims.sid) }));
