import { addAttachments } from '@/lib/boards/attachments';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** Multipart `file_0` … `file_4`, 10 MB each, types checked by content. */
export const POST = route<ProjectContext>(
  async (req, ctx) => json(await addAttachments(req, ctx, await param(ctx, 'id'), await param(ctx, 'cardId')), { status: 201 }),
  { permissions: ['BOARDS__UPDATE'] },
);
