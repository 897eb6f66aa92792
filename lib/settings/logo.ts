import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { publicUrl, storage } from '../storage';
import { sniffImage } from '../users/avatar';
import { LOGO_MAX_BYTES, LOGO_SIZE } from './schemas';

// Decoding a small file can still claim a huge canvas; this caps memory per upload.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A square WebP of an uploaded PNG, JPEG or WebP logo: upright by its EXIF orientation,
 * the whole mark fitted (never cropped, unlike an avatar) on a transparent square of at
 * most 256 px, never enlarged, every metadata block dropped.
 */
export async function processLogo(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new HttpError(413, 'settingsLogoTooLarge', { logo: 'settingsLogoTooLarge' });
  if (!sniffImage(bytes)) throw new HttpError(415, 'settingsLogoType', { logo: 'settingsLogoType' });
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true } as const;
    const { width = LOGO_SIZE, height = LOGO_SIZE } = await sharp(bytes, options).metadata();
    const side = Math.min(LOGO_SIZE, Math.max(width, height));
    const out = await sharp(bytes, options)
      .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 85 })
      .toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(413, 'settingsLogoTooLarge', { logo: 'settingsLogoTooLarge' });
    throw new HttpError(415, 'settingsLogoType', { logo: 'settingsLogoType' });
  }
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
