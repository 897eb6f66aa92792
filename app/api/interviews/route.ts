import { interviewRoute, said } from '@/lib/interviews/http';
import { parseWith, readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { interviewSchema, interviewsQuerySchema } from '@/lib/interviews/schemas';
import { createInterview, listInterviews } from '@/lib/interviews/service';

/** The active project's interviews, newest first, with their new responses; `?responses=new` keeps those that got some. */
export const GET = interviewRoute(
  async (req, ctx) => {
    const { responses } = parseWith(interviewsQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json({ interviews: await listInterviews(ctx, responses) });
  },
  { permissions: ['INTERVIEWS__VIEW'] },
);

/** A new draft interview, without questions yet. */
export const POST = interviewRoute(
  async (req, ctx) => {
    const interview = await createInterview(ctx, await readJson(req, interviewSchema));
    return json({ interview, message: said(ctx, 'created', { title: interview.title }) }, { status: 201 });
  },
  { permissions: ['INTERVIEWS__CREATE'] },
);
