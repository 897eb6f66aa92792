import { crc32, deflateSync } from 'node:zlib';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/files/[...key]/route';
import en from '@/messages/en.json';
import { HttpError } from '@/lib/http/errors';
import { deleteStoredFile, storage } from '@/lib/storage';
import { processAvatar, storeAvatar } from '@/lib/users/avatar';
import { AVATAR_MAX_BYTES } from '@/lib/users/avatar-limits';
import { testDb } from './helpers/db';
import { tempUploadDir } from './helpers/uploads';

let uploads: ReturnType<typeof tempUploadDir>;
// The route wrapper opens the database for every request, so the route needs one.
let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  uploads = tempUploadDir('atrio-avatar-');
  db = await testDb();
});
afterAll(async () => {
  await db.cleanup();
  uploads.restore();
});

const USER = '6f1c2a52-0d7e-4b8e-9a55-3c1b2f0e9d41';
const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** A w×h picture, red on its left half and blue on its right. */
function halves(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    { input: { create: { width: width - half, height, channels: 3, background: BLUE } }, left: half, top: 0 },
  ]);
}

async function colourAt(bytes: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i], g: data[i + 1], b: data[i + 2] };
}
const isRed = (c: { r: number; g: number; b: number }) => c.r > 200 && c.b < 60;
const isBlue = (c: { r: number; g: number; b: number }) => c.b > 200 && c.r < 60;

async function refusal(bytes: Uint8Array): Promise<HttpError> {
  try {
    await processAvatar(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('processAvatar accepted the file');
}

/** A PNG whose header claims width×height but holds almost no data: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('processAvatar', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('turns a %s into a 256×256 WebP without metadata', async (format) => {
    const input = await halves(640, 360).toFormat(format).withMetadata({ density: 300 }).toBuffer();
    const out = await processAvatar(input);
    expect(out.contentType).toBe('image/webp');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // Cover crops the sides of a wide picture: the left edge is still red, the right still blue.
    expect(isRed(await colourAt(out.bytes, 5, 128))).toBe(true);
    expect(isBlue(await colourAt(out.bytes, 250, 128))).toBe(true);
  });

  it('turns a photo upright by its EXIF orientation and drops the tag', async () => {
    // Orientation 6: shown rotated 90° clockwise, so the stored left half ends up on top.
    const input = await halves(400, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await processAvatar(input);
    expect(isRed(await colourAt(out.bytes, 128, 10))).toBe(true);
    expect(isBlue(await colourAt(out.bytes, 128, 245))).toBe(true);
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
  });

  it('refuses a GIF, a text file and a truncated PNG with 415', async () => {
    const gif = await halves(20, 20).gif().toBuffer();
    const png = await halves(300, 300).png().toBuffer();
    for (const bytes of [gif, new TextEncoder().encode('hello, not an image'), png.subarray(0, png.length / 2)]) {
      const error = await refusal(bytes);
      expect([error.status, error.message]).toEqual([415, 'fileType']);
    }
  });

  it('refuses anything over 5 MB with 413 before decoding it', async () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(await halves(8, 8).png().toBuffer());
    const error = await refusal(big);
    expect([error.status, error.message]).toEqual([413, 'fileTooLarge']);
  });

  it('refuses a small file that claims a huge canvas with 413', async () => {
    const error = await refusal(pngClaiming(50_000, 50_000));
    expect([error.status, error.message]).toEqual([413, 'fileTooLarge']);
  });
});

const get = (url: string) => GET(new NextRequest(`http://localhost:3000${url}`, { headers: { host: 'localhost:3000' } }));

describe('storeAvatar and /api/files', () => {
  it('stores under a content-addressed public key and serves it with safe, long-lived headers', async () => {
    const input = await halves(300, 200).png().toBuffer();
    const url = await storeAvatar(USER, input);
    expect(url).toMatch(new RegExp(`^/api/files/public/avatars/${USER}/[0-9a-f]{16}\\.webp$`));
    expect(await storeAvatar(USER, input)).toBe(url);
    expect(await storeAvatar(USER, await halves(300, 200).jpeg().toBuffer())).not.toBe(url);

    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-disposition')).toBeNull();
    const body = new Uint8Array(await res.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(256);

    await deleteStoredFile(url);
    expect((await get(url)).status).toBe(404);
  });

  it('makes a stored non-image file a download', async () => {
    await storage().put('public/docs/note.html', new TextEncoder().encode('<script>1</script>'), 'text/html');
    const res = await get('/api/files/public/docs/note.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers 404 for unknown, private and malformed keys', async () => {
    await storage().put('private/secret.txt', new TextEncoder().encode('secret'), 'text/plain');
    for (const url of [
      `/api/files/public/avatars/${USER}/0000000000000000.webp`,
      '/api/files/private/secret.txt',
      '/api/files/public/%2E%2E%2Fprivate/secret.txt',
      '/api/files/public/avatars',
      '/api/files/',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: en.api.notFound, data: { fields: {} } });
    }
  });
});
