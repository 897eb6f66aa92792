import { createHash } from 'node:crypto';
import { publicUrl, storage } from '../storage';

/**
 * Stores a processed WebP (an avatar, a logo) as `public/{folder}/{ownerId}/{hash}.webp` and
 * returns its URL. Same image, same URL, so caches never go stale.
 */
export async function storePublicWebp(folder: string, ownerId: string, webp: Uint8Array): Promise<string> {
  if (!/^[A-Za-z0-9_-]+$/.test(ownerId)) throw new Error(`Invalid owner id for ${folder}`);
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16);
  const key = `public/${folder}/${ownerId}/${hash}.webp`;
  await storage().put(key, webp, 'image/webp');
  return publicUrl(key);
}
