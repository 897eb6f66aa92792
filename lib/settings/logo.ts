import { squareWebp } from '../images/square';
import { storePublicWebp } from '../images/store';
import { LOGO_MAX_BYTES, LOGO_SIZE } from './schemas';

/**
 * Stores an uploaded PNG, JPEG or WebP logo as an upright square WebP without metadata: the
 * whole mark fitted (never cropped, unlike an avatar) on a transparent square of at most
 * 256 px, never enlarged. Returns its URL.
 */
export async function storeLogo(projectId: string, bytes: Uint8Array): Promise<string> {
  const logo = await squareWebp(bytes, {
    size: LOGO_SIZE,
    maxBytes: LOGO_MAX_BYTES,
    fit: 'contain',
    enlarge: false,
    quality: 85,
    errors: { tooLarge: 'settingsLogoTooLarge', type: 'settingsLogoType' },
    field: 'logo',
  });
  return storePublicWebp('logos', projectId, logo);
}
