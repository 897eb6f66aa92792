import { createHash } from 'node:crypto';
import { squareWebp } from '../images/square';
import { publicUrl, storage } from '../storage';

export { deleteStoredFile } from '../storage';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

/** An uploaded PNG, JPEG or WebP as an upright 256×256 WebP, cropped to cover, without metadata. */
export async function processAvatar(bytes: Uint8Array): Promise<{ bytes: Uint8Array; contentType: 'image/webp' }> {
  const out = await squareWebp(bytes, {
    size: AVATAR_SIZE,
    maxBytes: AVATAR_MAX_BYTES,
    fit: 'cover',
    enlarge: true,
    quality: 82,
    errors: { tooLarge: 'fileTooLarge', type: 'fileType' },
  });
  return { bytes: out, contentType: 'image/webp' };
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
