import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { publicUrl, storage } from '../storage';

export { deleteStoredFile } from '../storage';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
// Decoding a small file can still claim a huge canvas; this caps memory per upload.
const MAX_INPUT_PIXELS = 40_000_000;

type ImageKind = 'png' | 'jpeg' | 'webp';

/** What the first bytes say the file is; the browser's filename and type are not trusted. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * A square WebP of an uploaded PNG, JPEG or WebP: turned upright by its EXIF orientation,
 * cropped to cover 256×256, with every metadata block (GPS and all) dropped.
 */
export async function processAvatar(bytes: Uint8Array): Promise<{ bytes: Uint8Array; contentType: 'image/webp' }> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new HttpError(413, 'fileTooLarge');
  if (!sniffImage(bytes)) throw new HttpError(415, 'fileType');
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(413, 'fileTooLarge');
    throw new HttpError(415, 'fileType');
  }
}

/** Processes and stores an avatar; returns its URL. Same image, same URL, so caches never go stale. */
export async function storeAvatar(userId: string, bytes: Uint8Array): Promise<string> {
  if (!/^[A-Za-z0-9_-]+$/.test(userId)) throw new Error('Invalid user id');
  const avatar = await processAvatar(bytes);
  const hash = createHash('sha256').update(avatar.bytes).digest('hex').slice(0, 16);
  const key = `public/avatars/${userId}/${hash}.webp`;
  await storage().put(key, avatar.bytes, avatar.contentType);
  return publicUrl(key);
}
