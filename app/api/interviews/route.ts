import { interviewRoute, said } from '@/lib/interviews/http';
import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { interviewSchema } from '@/lib/interviews/schemas';
import { createInterview, listInterviews } from '@/lib/interviews/service';

/** The active project's interviews, newest first. */
export const GET = interviewRoute(async (_req, ctx) => json({ interviews: await listInterviews(ctx) }), { permissions: ['INTERVIEWS__VIEW'] });

/** A new draft interview, without questions yet. */
export const POST = interviewRoute(
  async (req, ctx) => {
    const interview = await createInterview(ctx, await readJson(req, interviewSchema));
    return json({ interview, message: said(ctx, 'created', { title: interview.title }) }, { status: 201 });
  },
  { permissions: ['INTERVIEWS__CREATE'] },
);
