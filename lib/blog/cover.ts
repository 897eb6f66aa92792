import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { sniffImage } from '../images/square';
import { storePublicWebp } from '../images/store';
import { COVER_MAX_BYTES, COVER_WIDTH } from './limits';

// Decoding a small file can still claim a huge canvas; this caps memory per upload.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Stores an uploaded PNG, JPEG or WebP image (a cover, or one in a post's body) as an upright
 * WebP without metadata (GPS and all), at most COVER_WIDTH px wide and never enlarged, under
 * the project's public folder. Anything else, truncated or too large is refused on `field`.
 * Returns its public URL.
 */
export async function storeCover(projectId: string, file: File, field: 'cover' | 'image' = 'cover'): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > COVER_MAX_BYTES)
    throw new HttpError(413, 'blog.coverTooLarge', { [field]: 'blog.coverTooLarge' }, { max: COVER_MAX_BYTES / 1024 / 1024 });
  if (!sniffImage(bytes)) throw new HttpError(415, 'blog.coverType', { [field]: 'blog.coverType' });
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true })
      .resize({ width: COVER_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError(415, 'blog.coverType', { [field]: 'blog.coverType' });
  }
  return storePublicWebp('blog', projectId, new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength));
}
