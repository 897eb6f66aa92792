import { squareWebp } from '../images/square';
import { storePublicWebp } from '../images/store';
import { AVATAR_MAX_BYTES } from './avatar-limits';

const AVATAR_SIZE = 256;

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

/** Processes and stores an avatar; returns its URL. */
export async function storeAvatar(userId: string, bytes: Uint8Array): Promise<string> {
  return storePublicWebp('avatars', userId, (await processAvatar(bytes)).bytes);
}
