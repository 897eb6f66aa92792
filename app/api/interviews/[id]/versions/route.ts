import { interviewRoute } from '@/lib/interviews/http';
import { json, param } from '@/lib/http/route';
import { listVersions } from '@/lib/interviews/service';

/** Every frozen version with its questions, newest first. */
export const GET = interviewRoute(async (_req, ctx) => json({ versions: await listVersions(ctx, await param(ctx, 'id')) }), {
  permissions: ['INTERVIEWS__VIEW'],
});
