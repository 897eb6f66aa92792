import { json, param, route } from '@/lib/http/route';
import { requesterReplySchema } from '@/lib/requests/schemas';
import { countRequesterWrite, ownUploader, readForm, requesterReply } from '@/lib/requests/thread';

/** The requester's public reply (multipart `json` {body} + file_N, or JSON). */
export const POST = route(async (req, ctx) => {
  await countRequesterWrite(ctx, 'reply');
  const id = await param(ctx, 'id');
  const { data, files } = await readForm(req, requesterReplySchema, await ownUploader(ctx, id));
  return json({ data: { entry: await requesterReply(ctx, id, data, files) } }, { status: 201 });
});
