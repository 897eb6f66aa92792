import { parseWith } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { listRootAudit } from '@/lib/root/audit';
import { auditQuerySchema } from '@/lib/root/console-schemas';

/** The platform's audit log, newest first: ?projectId&actorId&project&actor&action&before&limit. */
export const GET = route(
  async (req, ctx) => {
    const query = parseWith(auditQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    const { entries, next } = await listRootAudit(ctx.db, query);
    return json({ data: entries, next });
  },
  { root: true },
);
