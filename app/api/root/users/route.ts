import { parseWith } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { userListQuerySchema } from '@/lib/root/user-schemas';
import { listUsers } from '@/lib/root/users';

/** The platform's users: ?q (name or email), state, page, size. */
export const GET = route(
  async (req, ctx) => {
    const query = parseWith(userListQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json({ data: await listUsers(ctx.db, query) });
  },
  { root: true },
);
