import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { prepareFiles, removeStored } from '../chats/attachments';
import type { Db, Tx } from '../db/client';
import { readJson } from '../http/body';
import { HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { defaultLocale, type Locale } from '../i18n/locales';
import { assertWithinQuota, uploadBodyLimit } from '../quotas/service';
import { enforce } from '../http/rate-limit';
import { cleanFileName } from '../projects/files';
import { storage } from '../storage';
import type { z } from 'zod/mini';
import { getOwnRequestOrThrow, getRequestOrThrow, type OwnCtx, type StaffCtx } from './access';
import { publishChanged, publishEntry, publishOwn } from './events';
import { REQUEST_FILE_MAX_BYTES, REQUEST_FILES_MAX } from './limits';
import { mailRequester } from './mail';
import { statusFields } from './service';
import { requestMessages, requests, type RequestAttachment, type RequestRow } from './tables';
import type { ThreadEntry } from './types';
import { entryOf } from './views';

const MB = 1024 * 1024;
// The json part and its framing on top of the files.
const BODY_LIMIT = REQUEST_FILES_MAX * REQUEST_FILE_MAX_BYTES + MB;

const fileTooLarge = (part: string, name: string) =>
  new HttpError(413, 'chatsFileTooLarge', { [part]: 'chatsFileTooLarge' }, { file: cleanFileName(name), max: REQUEST_FILE_MAX_BYTES / MB });

/** Whose storage a form's files go to, when that is known before its body is read. */
export type Uploader = { db: Db | Tx; projectId: string; userId: string; locale: Locale };

/** Staff write into the active project. */
export const staffUploader = (ctx: StaffCtx): Uploader => ({
  db: ctx.db,
  projectId: ctx.project.id,
  userId: ctx.viewer.user.id,
  locale: ctx.locale ?? defaultLocale,
});

/** A requester writes into their request's project (their own request, else 404 before the body is read). */
export async function ownUploader(ctx: OwnCtx, id: string): Promise<Uploader> {
  const request = await getOwnRequestOrThrow(ctx, id);
  return { db: ctx.db, projectId: request.projectId, userId: ctx.viewer.user.id, locale: ctx.locale ?? defaultLocale };
}

/**
 * A form as the requests pages send it: multipart `json` plus file_0 … file_4, or plain JSON
 * without files. With the `uploader`, a body their storage quotas have no room for is refused
 * before it is read (the exact check is insertEntry's).
 */
export async function readForm<S extends z.core.$ZodType>(
  req: NextRequest,
  schema: S,
  uploader?: Uploader,
): Promise<{ data: z.infer<S>; files: Map<string, File> }> {
  if (/^application\/json\b/i.test(req.headers.get('content-type') ?? '')) {
    return { data: await readJson(req, schema), files: new Map() };
  }
  const { limit, tooLarge } = uploader
    ? await uploadBodyLimit(uploader.db, uploader.projectId, uploader.userId, uploader.locale, BODY_LIMIT)
    : { limit: BODY_LIMIT, tooLarge: undefined };
  return readMultipart(req, schema, {
    limit,
    tooLarge,
    fileParts: /^file_[0-4]$/,
    maxFiles: REQUEST_FILES_MAX,
    fileBytes: REQUEST_FILE_MAX_BYTES,
    fileTooLarge,
  });
}

/**
 * Checks the files by content (images re-encoded without metadata, as chat does), stores
 * them privately and runs `write` with what the entry records; a failed write removes them.
 */
export async function withFiles<T>(
  projectId: string,
  requestId: string,
  files: Map<string, File>,
  write: (attachments: RequestAttachment[]) => Promise<T>,
): Promise<T> {
  const prepared = await prepareFiles(files);
  const stored: string[] = [];
  try {
    const attachments: RequestAttachment[] = [];
    for (const file of prepared) {
      const id = crypto.randomUUID();
      const key = `requests/${projectId}/${requestId}/${id}`;
      await storage().put(key, file.bytes, file.type);
      stored.push(key);
      attachments.push({ id, key, name: file.name, type: file.type, size: file.bytes.byteLength });
    }
    return await write(attachments);
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}

type Author = { id: string; name: string; avatar: string | null };

export async function insertEntry(
  tx: Db | Tx,
  request: RequestRow,
  author: Author | null,
  kind: ThreadEntry['kind'],
  body: string,
  files?: { attachments: RequestAttachment[]; locale: Locale },
) {
  const attachments = files?.attachments ?? [];
  const [row] = await tx
    .insert(requestMessages)
    .values({ requestId: request.id, projectId: request.projectId, authorId: author?.id ?? null, kind, body, attachments })
    .returning();
  // The trigger has counted the files and locked both usage rows: exact, whatever runs beside it.
  const added = attachments.reduce((sum, a) => sum + a.size, 0);
  if (author && files) await assertWithinQuota(tx as Tx, request.projectId, author.id, added, files.locale);
  return entryOf(row, author, request.requesterId);
}

const authorOf = (ctx: OwnCtx): Author => ({ id: ctx.viewer.user.id, name: ctx.viewer.user.name, avatar: ctx.viewer.user.avatar });

/**
 * Staff write to the thread. A note is for staff alone; a public reply is the first
 * response when it is the first one (SLA), moves a new or open request to pending on the
 * customer, reaches the requester live and by email.
 */
export async function staffReply(ctx: StaffCtx, id: string, input: { body: string; internal: boolean }, files: Map<string, File>): Promise<ThreadEntry> {
  const current = await getRequestOrThrow(ctx, id);
  if (current.status === 'closed') throw new HttpError(409, 'requests.closed');
  const kind = input.internal ? 'note' : 'reply';
  const { entry, after } = await withFiles(current.projectId, current.id, files, (attachments) =>
    (ctx.db as Db).transaction(async (tx) => {
      const row = await getRequestOrThrow({ ...ctx, db: tx }, id, true);
      if (row.status === 'closed') throw new HttpError(409, 'requests.closed');
      const entry = await insertEntry(tx, row, authorOf(ctx), kind, input.body, { attachments, locale: ctx.locale ?? defaultLocale });
      const now = new Date();
      const set: Partial<RequestRow> = { updatedAt: now };
      if (kind === 'reply') {
        if (!row.firstResponseAt) set.firstResponseAt = now;
        if (row.status === 'new' || row.status === 'open') Object.assign(set, statusFields(row, 'pending', now));
      } else if (row.status === 'new') Object.assign(set, statusFields(row, 'open', now));
      const [after] = await tx.update(requests).set(set).where(eq(requests.id, row.id)).returning();
      return { entry, after };
    }),
  );
  await publishEntry(after, entry);
  await publishChanged(after);
  if (kind === 'reply') {
    await publishOwn(after, entry);
    await mailRequester(ctx.db as Db, after, 'requestReply', { body: input.body });
  }
  return entry;
}

/** The requester answers: always public; a request waiting on them (or resolved) opens again. */
export async function requesterReply(ctx: OwnCtx, id: string, input: { body: string }, files: Map<string, File>): Promise<ThreadEntry> {
  const current = await getOwnRequestOrThrow(ctx, id);
  if (current.status === 'closed') throw new HttpError(409, 'requests.closed');
  const { entry, after } = await withFiles(current.projectId, current.id, files, (attachments) =>
    (ctx.db as Db).transaction(async (tx) => {
      const row = await getOwnRequestOrThrow({ ...ctx, db: tx }, id, true);
      if (row.status === 'closed') throw new HttpError(409, 'requests.closed');
      const entry = await insertEntry(tx, row, authorOf(ctx), 'reply', input.body, { attachments, locale: ctx.locale ?? defaultLocale });
      const now = new Date();
      const set: Partial<RequestRow> = { updatedAt: now };
      if (row.status === 'pending' || row.status === 'resolved') Object.assign(set, statusFields(row, 'open', now));
      const [after] = await tx.update(requests).set(set).where(eq(requests.id, row.id)).returning();
      return { entry, after };
    }),
  );
  await publishEntry(after, entry);
  await publishChanged(after);
  await publishOwn(after, entry);
  return entry;
}

/** Stored files of these requests' threads, to delete once the rows are gone. */
export async function storedKeys(db: Db | Tx, requestId: string): Promise<string[]> {
  const rows = await db.select({ attachments: requestMessages.attachments }).from(requestMessages).where(eq(requestMessages.requestId, requestId));
  return rows.flatMap((r) => r.attachments.map((a) => a.key));
}

/**
 * Requesters' writes per user, counted before the body is read: a project's users are
 * anyone it let in, so a flood of requests or replies (each one notifying staff) stops here.
 * Staff writes are not limited: they hold permissions the project gave them.
 */
export const REQUESTER_LIMITS = { open: { points: 10, windowSeconds: 60 * 60 }, reply: { points: 60, windowSeconds: 60 * 60 } } as const;

export async function countRequesterWrite(ctx: OwnCtx, kind: keyof typeof REQUESTER_LIMITS): Promise<void> {
  await enforce(ctx.db as Db, `requests:${kind}:${ctx.viewer.user.id}`, REQUESTER_LIMITS[kind]);
}
