import type { NextRequest } from 'next/server';
import { HttpError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { PUBLIC_PREFIX, isValidKey, storage } from '@/lib/storage';

const PREFIX = '/api/files/';
// Only what browsers may show inline; anything else stored under public/ is downloaded.
const INLINE = new Set(['image/webp', 'image/png', 'image/jpeg', 'image/gif', 'image/avif']);

/**
 * Public files (avatars and the like), for anyone: no session lookup. Keys are
 * content-addressed, so a response never changes. The key is read from the raw path,
 * undecoded, so an escaped `..` or slash fails the key check instead of being unescaped.
 */
export const GET = route(
  async (req: NextRequest) => {
    const { pathname } = new URL(req.url);
    const key = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : '';
    if (!key.startsWith(PUBLIC_PREFIX) || !isValidKey(key)) throw new HttpError(404, 'notFound');
    const file = await storage().get(key);
    if (!file) throw new HttpError(404, 'notFound');
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // A stored file is data, never a page: nothing in it may run or load.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    };
    if (!INLINE.has(file.contentType)) headers['Content-Disposition'] = 'attachment';
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers });
  },
  { auth: 'none' },
);
