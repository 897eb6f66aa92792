import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { logger } from '../log/logger';
import { cleanFileName, detectFileType } from '../projects/files';
import { storage } from '../storage';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX } from './schemas';
import type { ChatAttachment } from './tables';
import { isImageType } from './views';
import { privateFileResponse } from '../storage/download';

const MB = 1024 * 1024;
/** The longest side an attached image keeps. */
export const IMAGE_MAX_SIDE = 2048;
// Decoding a small file can still claim a huge canvas; this caps memory per upload.
const MAX_INPUT_PIXELS = 40_000_000;

/** A checked file, ready to store: images already re-encoded. */
export type PreparedFile = { name: string; type: string; bytes: Uint8Array; width?: number; height?: number };

const refuse = (status: number, key: string, part: string, extra: Record<string, unknown> = {}) => new HttpError(status, key, { [part]: key }, extra);

/**
 * An image decoded and encoded again in its own format: turned upright by its EXIF
 * orientation, at most IMAGE_MAX_SIDE on its longer side, with every metadata block (GPS,
 * camera, comments) dropped, and whatever trailed the image data gone with it. GIFs keep
 * all their frames: an animation stays one, re-encoded like any other image.
 */
async function reencode(bytes: Uint8Array, type: string): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true, animated: type === 'image/gif' }).resize(
    IMAGE_MAX_SIDE,
    IMAGE_MAX_SIDE,
    { fit: 'inside', withoutEnlargement: true },
  );
  const encoded =
    type === 'image/png'
      ? image.png()
      : type === 'image/jpeg'
        ? image.jpeg({ quality: 85 })
        : type === 'image/webp'
          ? image.webp({ quality: 85 })
          : image.gif();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  // An animation's frames are stacked: one frame's height is the picture's.
  return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.pageHeight ?? info.height };
}

/**
 * The message's files checked in part order (file_0 … file_4) before anything is stored:
 * each at most 10 MB, of a type detectFileType accepts by content, images re-encoded. A
 * refusal names the part.
 */
export async function prepareFiles(files: Map<string, File>): Promise<PreparedFile[]> {
  const parts = [...files.keys()].sort();
  if (parts.length > CHAT_FILES_MAX) throw new HttpError(400, 'chatsTooManyFiles', {}, { max: CHAT_FILES_MAX });
  for (const part of parts) {
    const file = files.get(part)!;
    if (file.size > CHAT_FILE_MAX_BYTES) throw refuse(413, 'chatsFileTooLarge', part, { file: cleanFileName(file.name), max: CHAT_FILE_MAX_BYTES / MB });
  }
  const prepared: PreparedFile[] = [];
  for (const part of parts) {
    const file = files.get(part)!;
    const name = cleanFileName(file.name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectFileType(bytes, name);
    if (!type) throw refuse(400, 'chatsFileType', part, { file: name });
    if (!isImageType(type)) {
      prepared.push({ name, type, bytes });
      continue;
    }
    try {
      prepared.push({ name, type, ...(await reencode(bytes, type)) });
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message))
        throw refuse(413, 'chatsFileTooLarge', part, { file: name, max: CHAT_FILE_MAX_BYTES / MB });
      throw refuse(400, 'chatsFileType', part, { file: name });
    }
  }
  return prepared;
}

/** Private storage (never under the public prefix): only the files route serves it, after an access check. */
const keyFor = (projectId: string, conversationId: string, fileId: string) => `chats/${projectId}/${conversationId}/${fileId}`;

/**
 * Stores the files and returns what the message records. `stored` collects every key
 * written, so the caller can remove them if its transaction fails.
 */
export async function storeFiles(projectId: string, conversationId: string, files: PreparedFile[], stored: string[]): Promise<ChatAttachment[]> {
  const attachments: ChatAttachment[] = [];
  for (const file of files) {
    const id = crypto.randomUUID();
    const key = keyFor(projectId, conversationId, id);
    await storage().put(key, file.bytes, file.type);
    stored.push(key);
    const attachment: ChatAttachment = { id, key, name: file.name, type: file.type, size: file.bytes.byteLength };
    if (file.width !== undefined) Object.assign(attachment, { width: file.width, height: file.height });
    attachments.push(attachment);
  }
  return attachments;
}

/** Removes stored files; a failure is logged, never thrown (the change it follows is settled). */
export async function removeStored(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage()
        .delete(key)
        .catch((err: unknown) => logger.error({ key, err: String(err) }, 'chat file left behind')),
    ),
  );
}

/** An attachment's bytes: images shown inline, anything else downloaded; cached only by the reader's own browser. */
export function attachmentResponse(attachment: ChatAttachment): Promise<Response> {
  return privateFileResponse({
    key: attachment.key,
    name: attachment.name,
    type: attachment.type,
    inline: isImageType(attachment.type),
    cacheControl: 'private, max-age=3600',
  });
}
