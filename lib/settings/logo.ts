import { createHash } from 'node:crypto';
import { squareWebp } from '../images/square';
import { publicUrl, storage } from '../storage';
import { LOGO_MAX_BYTES, LOGO_SIZE } from './schemas';

/**
 * An uploaded PNG, JPEG or WebP logo as an upright square WebP without metadata: the whole
 * mark fitted (never cropped, unlike an avatar) on a transparent square of at most 256 px,
 * never enlarged.
 */
export function processLogo(bytes: Uint8Array): Promise<Uint8Array> {
  return squareWebp(bytes, {
    size: LOGO_SIZE,
    maxBytes: LOGO_MAX_BYTES,
    fit: 'contain',
    enlarge: false,
    quality: 85,
    errors: { tooLarge: 'settingsLogoTooLarge', type: 'settingsLogoType' },
    field: 'logo',
  });
}

/** Processes and stores a project's logo; returns its URL. Same image, same URL, so caches never go stale. */
export async function storeLogo(projectId: string, bytes: Uint8Array): Promise<string> {
  if (!/^[A-Za-z0-9_-]+$/.test(projectId)) throw new Error('Invalid project id');
  const logo = await processLogo(bytes);
  const hash = createHash('sha256').update(logo).digest('hex').slice(0, 16);
  const key = `public/logos/${projectId}/${hash}.webp`;
  await storage().put(key, logo, 'image/webp');
  return publicUrl(key);
}
