import { attachmentResponse } from '@/lib/boards/attachments';
import { param, route, type ProjectContext } from '@/lib/http/route';

export const GET = route<ProjectContext>(
  async (_req, ctx) => attachmentResponse(ctx, await param(ctx, 'id'), await param(ctx, 'cardId'), await param(ctx, 'fileId')),
  { permissions: ['BOARDS__VIEW'] },
);
