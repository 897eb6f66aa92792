import { interviewRoute, said } from '@/lib/interviews/http';
import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { interviewPatchSchema } from '@/lib/interviews/schemas';
import { deleteInterview, getInterviewOrThrow, updateInterview } from '@/lib/interviews/service';

export const GET = interviewRoute(async (_req, ctx) => json({ interview: await getInterviewOrThrow(ctx, await param(ctx, 'id')) }), {
  permissions: ['INTERVIEWS__VIEW'],
});

/** Title, texts, language, cap, closing date, public choice, hidden fields. */
export const PATCH = interviewRoute(
  async (req, ctx) => {
    const interview = await updateInterview(ctx, await param(ctx, 'id'), await readJson(req, interviewPatchSchema));
    return json({ interview, message: said(ctx, 'updated', { title: interview.title }) });
  },
  { permissions: ['INTERVIEWS__UPDATE'] },
);

/** The interview with every version and response. */
export const DELETE = interviewRoute(
  async (_req, ctx) => {
    const { title } = await deleteInterview(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'deleted', { title }) });
  },
  { permissions: ['INTERVIEWS__DELETE'] },
);
