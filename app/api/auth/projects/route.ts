import { json, route } from '@/lib/http/route';
import { userProjects } from '@/lib/projects/service';

/** The user's projects with their state and the profiles held in each: the picker's and the account tab's list. */
export const POST = route(async (_req, { db, viewer }) => json({ data: { projects: await userProjects(db, viewer.user.id) } }));
