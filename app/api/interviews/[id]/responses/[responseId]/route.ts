import { interviewRoute, said } from '@/lib/interviews/http';
import { json, param } from '@/lib/http/route';
import { deleteResponse, getResponseOrThrow } from '@/lib/interviews/responses';

/** One response with the questions of the version it answered. */
export const GET = interviewRoute(async (_req, ctx) => json(await getResponseOrThrow(ctx, await param(ctx, 'id'), await param(ctx, 'responseId'))), {
  permissions: ['INTERVIEWS__VIEW'],
});

export const DELETE = interviewRoute(
  async (_req, ctx) => {
    await deleteResponse(ctx, await param(ctx, 'id'), await param(ctx, 'responseId'));
    return json({ message: said(ctx, 'responseDeleted') });
  },
  { permissions: ['INTERVIEWS__DELETE'] },
);
