import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageProvider, ImageRequest } from './types';

// The built-in provider: a procedural picture drawn from a hash of the prompts, so the whole
// flow (queue, credits, history, previews) works offline and the same request always gives
// the same pixels. Not art, but a real, distinct image per prompt and style.

/** The request's seed: 32 bytes every parameter of the picture is read from. */
export function seedOf(request: ImageRequest): Buffer {
  return createHash('sha256').update(`${request.prompt}\u0000${request.negativePrompt}\u0000${request.width}x${request.height}`).digest();
}

function palette(seed: Buffer, at: number): [number, number, number] {
  return [seed[at], seed[at + 1], seed[at + 2]];
}

/** Raw RGB pixels: two colours blended by interfering waves whose frequencies come from the seed. */
export function drawPixels(request: ImageRequest): Buffer {
  const seed = seedOf(request);
  const { width, height } = request;
  const a = palette(seed, 0);
  const b = palette(seed, 3);
  const c = palette(seed, 6);
  const f1 = 1 + (seed[9] % 7);
  const f2 = 1 + (seed[10] % 5);
  const f3 = 1 + (seed[11] % 9);
  const phase = (seed[12] / 255) * Math.PI * 2;
  const cx = 0.2 + (seed[13] / 255) * 0.6;
  const cy = 0.2 + (seed[14] / 255) * 0.6;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const v = y / height;
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const r = Math.hypot(u - cx, v - cy);
      const w1 = (Math.sin(u * f1 * Math.PI * 2 + phase) + Math.cos(v * f2 * Math.PI * 2)) / 4 + 0.5;
      const w2 = (Math.sin(r * f3 * Math.PI * 4 - phase) + 1) / 2;
      const i = (y * width + x) * 3;
      for (let k = 0; k < 3; k += 1) {
        const base = a[k] * (1 - w1) + b[k] * w1;
        out[i + k] = Math.round(base * (1 - w2 * 0.5) + c[k] * w2 * 0.5);
      }
    }
  }
  return out;
}

export const localProvider: ImageProvider = {
  name: 'local',
  async generate(request: ImageRequest): Promise<Uint8Array> {
    const pixels = drawPixels(request);
    // Lossless, so the bytes depend on the pixels alone.
    const webp = await sharp(pixels, { raw: { width: request.width, height: request.height, channels: 3 } })
      .webp({ lossless: true })
      .toBuffer();
    return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
  },
};
