import type { NextRequest } from 'next/server';
import { parseWith, readJson } from '../http/body';
import { HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { json, type SignedInContext } from '../http/route';
import { cleanFileName } from '../projects/files';
import { getSendTargetOrThrow, type Side } from './access';
import { listMessages, sendMessage } from './messages';
import { publishRead } from './events';
import { markRead } from './reads';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX, messageSchema, messagesQuerySchema, readSchema } from './schemas';
import type { ChatConversation } from './tables';
import { bodyLimit, countMessage, declaredLength, reserveVolume } from './upload-limits';

// What the staff routes and the customer routes share once each has found its conversation.

/** The staff routes' declared access: either chat permission; the services check each conversation's own. */
export const STAFF_ACCESS = { permissions: ['CHATS__TEAM', 'CHATS__SUPPORT'], mode: 'some' } as const;

const fileTooLarge = (part: string, name: string) =>
  new HttpError(413, 'chatsFileTooLarge', { [part]: 'chatsFileTooLarge' }, { file: cleanFileName(name), max: CHAT_FILE_MAX_BYTES / (1024 * 1024) });

/**
 * A message as the chat form sends it (multipart: `json` {body} and file_0 … file_4), or
 * plain JSON {body} without files. Before a byte of a multipart body is read, its declared
 * length must fit the author's storage quotas and upload volume; the bytes that do arrive
 * are charged to the volume whatever becomes of the message.
 */
const isJson = (req: NextRequest) => /^application\/json\b/i.test(req.headers.get('content-type') ?? '');

async function readMessage(req: NextRequest, ctx: SignedInContext, projectId: string) {
  if (isJson(req)) return { data: await readJson(req, messageSchema), files: new Map<string, File>() };
  const userId = ctx.viewer.user.id;
  const { limit, tooLarge } = await bodyLimit(ctx.db, projectId, userId, ctx.locale);
  const settle = await reserveVolume(ctx.db, userId, Math.min(declaredLength(req), limit + 1));
  const meter = { bytes: 0 };
  let message;
  let refusal;
  try {
    message = await readMultipart(req, messageSchema, {
      limit,
      tooLarge,
      fileParts: /^file_[0-4]$/,
      maxFiles: CHAT_FILES_MAX,
      fileBytes: CHAT_FILE_MAX_BYTES,
      fileTooLarge,
      meter,
    });
  } finally {
    refusal = await settle(meter.bytes);
  }
  if (refusal) throw refusal;
  return message;
}

export async function messagesPage(req: NextRequest, ctx: SignedInContext, conversation: ChatConversation) {
  const query = parseWith(messagesQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return json({ data: await listMessages(ctx.db, conversation.id, query) });
}

/**
 * A new message from either side: both are held to the same rate, volume and storage limits.
 * Text alone (JSON) is counted against the rate as it is committed; a body with files before
 * a byte of it is read.
 */
export async function postMessage(req: NextRequest, ctx: SignedInContext, conversationId: string, side: Side) {
  const conversation = await getSendTargetOrThrow(ctx, conversationId, side);
  const textOnly = isJson(req);
  if (!textOnly) await countMessage(ctx.db, ctx.viewer.user.id);
  const { data, files } = await readMessage(req, ctx, conversation.projectId);
  const author = { id: ctx.viewer.user.id, name: ctx.viewer.user.name, avatar: ctx.viewer.user.avatar };
  const message = await sendMessage(ctx.db, conversation, side, author, data, files, ctx.locale, { counted: textOnly });
  return json({ data: { message } }, { status: 201 });
}

/** Moves the viewer's read mark and tells their other tabs. */
export async function postRead(req: NextRequest, ctx: SignedInContext, conversation: ChatConversation) {
  const { seq } = await readJson(req, readSchema);
  const lastReadSeq = await markRead(ctx.db, conversation.id, ctx.viewer.user.id, seq);
  await publishRead(ctx.viewer.user.id, conversation.id, lastReadSeq);
  return json({ data: { lastReadSeq } });
}
