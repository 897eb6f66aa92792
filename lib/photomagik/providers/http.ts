import sharp from 'sharp';
import type { ImageProvider, ImageRequest } from './types';

const TIMEOUT_MS = 60_000;
const MAX_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An external image API: POSTs `{ prompt, negativePrompt, width, height }` as JSON to `url`
 * (with `Authorization: Bearer <token>` when a token is set) and expects the image bytes
 * back (PNG, JPEG or WebP), which are re-encoded to WebP without metadata.
 */
export function httpProvider(url: string, token?: string): ImageProvider {
  return {
    name: 'http',
    async generate(request: ImageRequest): Promise<Uint8Array> {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`provider answered ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength > MAX_BYTES) throw new Error('provider image too large');
      const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
        .resize({ width: request.width, height: request.height, fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
      return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
    },
  };
}
