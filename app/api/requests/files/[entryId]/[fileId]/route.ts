import { param, route } from '@/lib/http/route';
import { requestFile } from '@/lib/requests/files';

/** A thread attachment, for staff of the project or the requester of a public reply. */
export const GET = route(async (_req, ctx) => requestFile(ctx, await param(ctx, 'entryId'), await param(ctx, 'fileId')));
