import { parseWith } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { outboxQuerySchema } from '@/lib/root/console-schemas';
import { listEmails } from '@/lib/root/outbox';

/** Every email the platform made, newest first: ?q (part of the recipient)&before&limit. */
export const GET = route(
  async (req, ctx) => {
    const query = parseWith(outboxQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    const { emails, next } = await listEmails(ctx.db, query);
    return json({ data: emails, next });
  },
  { root: true },
);
