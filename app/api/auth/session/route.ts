import { sessionView } from '@/lib/auth/respond';
import { json, route } from '@/lib/http/route';

/** The current user, project and profile, as the database sees them now. */
export const POST = route(async (_req, { viewer }) => json(sessionView(viewer)));
