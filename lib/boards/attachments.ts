import { and, count, eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { removeStored } from '../chats/attachments';
import { HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { assertWithinQuota, uploadBodyLimit } from '../quotas/service';
import type { ProjectContext } from '../http/route';
import { cleanFileName, detectFileType } from '../projects/files';
import { storage } from '../storage';
import { privateFileResponse } from '../storage/download';
import { getBoardOrThrow, getCardOrThrow, lockBoard, type Reader } from './access';
import { recordActivity } from './cards';
import { publishCard } from './events';
import { CARD_FILE_MAX_BYTES, CARD_FILES_MAX, isImageType } from './limits';
import { attachmentsSchema } from './schemas';
import { boardAttachments } from './tables';
import type { AttachmentView, CardView } from './types';
import { oneCardView } from './views';

const MB = 1024 * 1024;
/** Files one upload may carry (the card's total is CARD_FILES_MAX). */
const PER_UPLOAD = 5;

const keyFor = (projectId: string, cardId: string, id: string) => `boards/${projectId}/${cardId}/${id}`;
const fileError = (status: number, key: string, part: string, extra: Record<string, unknown> = {}) => new HttpError(status, key, { [part]: key }, extra);

/**
 * Multipart `file_0` … `file_4` (and an empty `json` part): each file at most 10 MB and of a
 * type the project's content check accepts (checked by its bytes, not its name), kept in
 * private storage. Nothing is stored unless every file passes; a failed insert removes what was stored.
 */
export async function addAttachments(
  req: NextRequest,
  ctx: ProjectContext,
  boardId: string,
  cardId: string,
): Promise<{ files: AttachmentView[]; card: CardView }> {
  // Checked before the body is read: an unknown card costs nothing.
  await getCardOrThrow(ctx.db, ctx, (await getBoardOrThrow(ctx, boardId)).id, cardId);
  // So is a body the uploader's or the project's storage quota has no room for.
  const { limit, tooLarge } = await uploadBodyLimit(ctx.db, ctx.project.id, ctx.viewer.user.id, ctx.locale, PER_UPLOAD * CARD_FILE_MAX_BYTES + 64 * 1024);
  const { files } = await readMultipart(req, attachmentsSchema, {
    limit,
    tooLarge,
    fileParts: /^file_[0-4]$/,
    maxFiles: PER_UPLOAD,
    fileBytes: CARD_FILE_MAX_BYTES,
    fileTooLarge: (part, name) => fileError(413, 'boardsFileTooLarge', part, { file: cleanFileName(name), max: CARD_FILE_MAX_BYTES / MB }),
  });
  if (!files.size) throw new HttpError(400, 'invalidInput', { file_0: 'boardsNoFile' });
  const prepared: { name: string; type: string; bytes: Uint8Array }[] = [];
  for (const part of [...files.keys()].sort()) {
    const file = files.get(part)!;
    const name = cleanFileName(file.name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectFileType(bytes, name);
    if (!type) throw fileError(400, 'boardsFileType', part, { file: name });
    prepared.push({ name, type, bytes });
  }
  const stored: string[] = [];
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const board = await lockBoard(tx, ctx, boardId);
      const card = await getCardOrThrow(tx, ctx, board.id, cardId);
      const [{ n }] = await tx.select({ n: count() }).from(boardAttachments).where(eq(boardAttachments.cardId, card.id));
      if (n + prepared.length > CARD_FILES_MAX) throw new HttpError(409, 'boardsTooManyFiles', {}, { max: CARD_FILES_MAX });
      const views: AttachmentView[] = [];
      for (const file of prepared) {
        const id = crypto.randomUUID();
        const key = keyFor(ctx.project.id, card.id, id);
        await storage().put(key, file.bytes, file.type);
        stored.push(key);
        const [row] = await tx
          .insert(boardAttachments)
          .values({
            id,
            projectId: ctx.project.id,
            cardId: card.id,
            key,
            name: file.name,
            type: file.type,
            size: file.bytes.byteLength,
            uploadedBy: ctx.viewer.user.id,
          })
          .returning();
        views.push({ id: row.id, name: row.name, type: row.type, size: row.size, createdAt: row.createdAt.toISOString() });
      }
      // The trigger has counted the files and locked both usage rows: exact, whatever runs beside it.
      await assertWithinQuota(
        tx,
        ctx.project.id,
        ctx.viewer.user.id,
        prepared.reduce((sum, f) => sum + f.bytes.byteLength, 0),
        ctx.locale,
      );
      await recordActivity(tx, ctx, card, 'attached', { files: prepared.map((f) => f.name) });
      return { files: views, card: await oneCardView(tx, card) };
    });
    await publishCard(ctx.project.id, boardId, result.card);
    return result;
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}

/** A card's file, to whoever may see the board: images inline, anything else downloaded. */
export async function attachmentResponse(ctx: Reader, boardId: string, cardId: string, fileId: string): Promise<Response> {
  const card = await getCardOrThrow(ctx.db, ctx, boardId, cardId);
  const [file] = /^[0-9a-f-]{36}$/i.test(fileId)
    ? await ctx.db
        .select()
        .from(boardAttachments)
        .where(and(eq(boardAttachments.id, fileId), eq(boardAttachments.cardId, card.id), eq(boardAttachments.projectId, ctx.project.id)))
    : [];
  if (!file) throw new HttpError(404, 'notFound');
  return privateFileResponse({ key: file.key, name: file.name, type: file.type, inline: isImageType(file.type), cacheControl: 'private, max-age=3600' });
}
