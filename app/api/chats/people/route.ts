import { STAFF_ACCESS } from '@/lib/chats/http';
import { listPeople } from '@/lib/chats/people';
import { peopleQuerySchema } from '@/lib/chats/schemas';
import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** ?q: the project's staff holding CHATS__TEAM (for direct messages and private channel members). */
export const GET = route<ProjectContext>(async (req, ctx) => {
  const { q } = parseWith(peopleQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return json({ data: { people: await listPeople(ctx.db, ctx.project.id, q) } });
}, STAFF_ACCESS);
