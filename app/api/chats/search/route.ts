import { STAFF_ACCESS } from '@/lib/chats/http';
import { searchQuerySchema } from '@/lib/chats/schemas';
import { searchMessages } from '@/lib/chats/search';
import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** ?q (2–100 characters)&limit: messages of the conversations the viewer may see, newest first. */
export const GET = route<ProjectContext>(async (req, ctx) => {
  const query = parseWith(searchQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return json({ data: { results: await searchMessages(ctx, query) } });
}, STAFF_ACCESS);
