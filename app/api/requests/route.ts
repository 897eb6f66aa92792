import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { openForUser } from '@/lib/requests/create';
import { listQuerySchema, staffCreateSchema } from '@/lib/requests/schemas';
import { listRequests } from '@/lib/requests/service';
import { readForm, staffUploader } from '@/lib/requests/thread';
import { summaryById } from '@/lib/requests/views';

/** ?view&status&priority&tag&q&sort&dir&page&size: the project's requests, a page at a time. */
export const GET = route<ProjectContext>(
  async (req, ctx) => json({ data: await listRequests(ctx, parseWith(listQuerySchema, Object.fromEntries(req.nextUrl.searchParams))) }),
  { permissions: ['REQUESTS__VIEW'] },
);

/** Staff open a request for one of the project's users (multipart `json` + file_N, or JSON). */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const { data, files } = await readForm(req, staffCreateSchema, staffUploader(ctx));
    const row = await openForUser(ctx, data, files);
    return json({ data: { request: await summaryById(ctx.db, row.id) }, message: ctx.t('requests.created', { number: row.number }) }, { status: 201 });
  },
  { permissions: ['REQUESTS__CREATE'] },
);
