import { interviewRoute, said } from '@/lib/interviews/http';
import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { questionsInputSchema } from '@/lib/interviews/schemas';
import { saveQuestions } from '@/lib/interviews/service';

/** The whole ordered list; on a published interview this freezes a new version. */
export const PUT = interviewRoute(
  async (req, ctx) => {
    const { questions } = await readJson(req, questionsInputSchema);
    const interview = await saveQuestions(ctx, await param(ctx, 'id'), questions);
    return json({ interview, message: said(ctx, 'questionsSaved') });
  },
  { permissions: ['INTERVIEWS__UPDATE'] },
);
