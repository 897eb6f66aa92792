import { deleteMessage, editMessage } from '@/lib/chats/messages';
import { messageEditSchema } from '@/lib/chats/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';

// Staff and customers alike: signed in is enough; the service finds the message's
// conversation, checks the viewer may read it and is the message's author.

/** {body}: the author's new text. */
export const PATCH = route(async (req, ctx) => {
  const id = await param(ctx, 'id');
  return json({ data: { message: await editMessage(ctx, id, await readJson(req, messageEditSchema)) } });
});

/** The author deletes it: the text and files go, the row keeps its place. */
export const DELETE = route(async (_req, ctx) => {
  await deleteMessage(ctx, await param(ctx, 'id'));
  return json({ data: {} });
});
