import { HttpError } from '../http/errors';
import { storage } from './index';

// RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * as they are, which the grammar does not allow.
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The name twice: a plain ASCII one for old clients (anything else, quotes, backslashes and
 * percent signs become `_`) and the exact UTF-8 one as `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${extValue(name)}`;
}

type Served = { key: string; name: string; type: string; inline: boolean; cacheControl: string };

/**
 * A privately stored file, after the caller checked who may have it: never sniffed into
 * something that runs, sandboxed if opened. Bytes gone from storage are a 404.
 */
export async function privateFileResponse(file: Served): Promise<Response> {
  const stored = await storage().get(file.key);
  if (!stored) throw new HttpError(404, 'notFound');
  return new Response(stored.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': file.type,
      'Content-Length': String(stored.bytes.byteLength),
      'Content-Disposition': contentDisposition(file.inline ? 'inline' : 'attachment', file.name),
      'Cache-Control': file.cacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
