import { interviewRoute, responsesQuery } from '@/lib/interviews/http';
import { json, param } from '@/lib/http/route';
import { listResponses } from '@/lib/interviews/responses';

/** A page of complete responses, newest first, filtered by version, dates and one answer. */
export const GET = interviewRoute(async (req, ctx) => json(await listResponses(ctx, await param(ctx, 'id'), responsesQuery(req))), {
  permissions: ['INTERVIEWS__VIEW'],
});
