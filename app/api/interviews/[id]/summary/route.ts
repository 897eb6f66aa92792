import { interviewRoute, responsesQuery } from '@/lib/interviews/http';
import { json, param } from '@/lib/http/route';
import { summarize } from '@/lib/interviews/responses';

/** Counts, averages and NPS per question of the chosen version, over the filtered responses. */
export const GET = interviewRoute(async (req, ctx) => json({ summary: await summarize(ctx, await param(ctx, 'id'), responsesQuery(req)) }), {
  permissions: ['INTERVIEWS__VIEW'],
});
