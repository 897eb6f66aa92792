import { interviewRoute } from '@/lib/interviews/http';
import { param } from '@/lib/http/route';
import { responseFile } from '@/lib/interviews/responses';
import { privateFileResponse } from '@/lib/storage/download';

/** A file a respondent uploaded, to staff who may see responses only. */
export const GET = interviewRoute(
  async (_req, ctx) => {
    const file = await responseFile(ctx, await param(ctx, 'id'), await param(ctx, 'responseId'), await param(ctx, 'questionId'));
    return privateFileResponse({ ...file, inline: false, cacheControl: 'private, no-store' });
  },
  { permissions: ['INTERVIEWS__VIEW'] },
);
