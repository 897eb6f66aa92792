import type { NextRequest } from 'next/server';
import { parseWith, readJson, readMultipart } from '../http/body';
import { json, type SignedInContext } from '../http/route';
import type { Side } from './access';
import { listMessages, sendMessage } from './messages';
import { publishRead } from './events';
import { markRead } from './reads';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX, messageSchema, messagesQuerySchema, readSchema } from './schemas';
import type { ChatConversation } from './tables';

// What the staff routes and the customer routes share once each has found its conversation.

/** The staff routes' declared access: either chat permission; the services check each conversation's own. */
export const STAFF_ACCESS = { permissions: ['CHATS__TEAM', 'CHATS__SUPPORT'], mode: 'some' } as const;

// Five full files and the JSON part: anything beyond is refused while it is still arriving.
const MESSAGE_BODY_LIMIT = CHAT_FILES_MAX * CHAT_FILE_MAX_BYTES + 1024 * 1024;

/** A message as the chat form sends it (multipart: `json` {body} and file_0 … file_4), or plain JSON {body} without files. */
async function readMessage(req: NextRequest) {
  if (/^application\/json\b/i.test(req.headers.get('content-type') ?? '')) return { data: await readJson(req, messageSchema), files: new Map<string, File>() };
  return readMultipart(req, messageSchema, MESSAGE_BODY_LIMIT, /^file_[0-4]$/);
}

export async function messagesPage(req: NextRequest, ctx: SignedInContext, conversation: ChatConversation) {
  const query = parseWith(messagesQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return json({ data: await listMessages(ctx.db, conversation.id, query) });
}

export async function postMessage(req: NextRequest, ctx: SignedInContext, conversation: ChatConversation, side: Side) {
  const { data, files } = await readMessage(req);
  const author = { id: ctx.viewer.user.id, name: ctx.viewer.user.name, avatar: ctx.viewer.user.avatar };
  return json({ data: { message: await sendMessage(ctx.db, conversation, side, author, data, files) } }, { status: 201 });
}

/** Moves the viewer's read mark and tells their other tabs. */
export async function postRead(req: NextRequest, ctx: SignedInContext, conversation: ChatConversation) {
  const { seq } = await readJson(req, readSchema);
  const lastReadSeq = await markRead(ctx.db, conversation.id, ctx.viewer.user.id, seq);
  await publishRead(ctx.viewer.user.id, conversation.id, lastReadSeq);
  return json({ data: { lastReadSeq } });
}
