import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { replySchema } from '@/lib/requests/schemas';
import { readForm, staffReply, staffUploader } from '@/lib/requests/thread';

/** A public reply or, with `internal`, a note only staff read (multipart `json` + file_N, or JSON). */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const { data, files } = await readForm(req, replySchema, staffUploader(ctx));
    return json({ data: { entry: await staffReply(ctx, await param(ctx, 'id'), data, files) } }, { status: 201 });
  },
  { permissions: ['REQUESTS__UPDATE'] },
);
