import type { ServerResponse } from 'node:http';
import { captchaCspSources } from '../captcha/csp';
import { env } from '../env';
import { encodeResponse, toBuffer } from './compress';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

type Chunk = string | Uint8Array;

/**
 * Holds back an HTML response until it is complete, then sends it with a CSP that
 * lists the hashes of exactly its inline scripts. Other responses pass straight through
 * with a CSP that allows no inline script at all, unless they set a policy of their own.
 * For bots, error pages go out empty.
 */
export function applyCsp(res: ServerResponse, dev: boolean, bot = false, onHtml?: (body: Buffer) => void): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  // The configured captcha's widget must work on whichever page shows it.
  const extra = captchaCspSources(env().CAPTCHA_PROVIDER);
  let flushing = false;
  let mode: 'undecided' | 'buffer' | 'pass' = 'undecided';
  const chunks: Buffer[] = [];

  // writeHead becomes setHeader calls, and is held back while an HTML body is buffered
  // (Node also calls it implicitly from the first write or end).
  res.writeHead = ((status: number, reason?: unknown, headers?: unknown) => {
    res.statusCode = status;
    if (typeof reason === 'string') res.statusMessage = reason;
    else headers = reason;
    if (Array.isArray(headers)) {
      const flat = Array.isArray(headers[0]) ? headers.flat() : headers;
      for (let i = 0; i + 1 < flat.length; i += 2) res.setHeader(String(flat[i]), flat[i + 1] as string);
    } else if (headers && typeof headers === 'object') {
      for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v as string);
    }
    decide();
    return mode === 'buffer' && !flushing ? res : writeHead(res.statusCode);
  }) as ServerResponse['writeHead'];

  const decide = () => {
    if (mode !== 'undecided') return;
    const type = String(res.getHeader('content-type') ?? '');
    // A response that brings its own policy keeps it: a stored file's `default-src 'none';
    // sandbox` must not become the site's, whose script hashes would be the file's own.
    const own = res.hasHeader('content-security-policy');
    mode = type.startsWith('text/html') && !res.headersSent && !own ? 'buffer' : 'pass';
    // A 304's headers replace the cached response's: leave its hashes in place.
    if (mode === 'pass' && !own && !res.headersSent && res.statusCode !== 304) res.setHeader('Content-Security-Policy', contentSecurityPolicy([], dev, extra));
  };

  res.write = ((chunk: Chunk, encoding?: BufferEncoding | (() => void), cb?: () => void) => {
    decide();
    if (mode === 'pass') return write(chunk, encoding, cb);
    chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: Chunk | null | (() => void), encoding?: BufferEncoding | (() => void), cb?: () => void) => {
    decide();
    if (typeof chunk === 'function') return mode === 'pass' ? end(chunk) : finish(chunk);
    if (mode === 'pass') return end(chunk, encoding, cb);
    chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    return finish(typeof encoding === 'function' ? encoding : cb);
  }) as ServerResponse['end'];

  function finish(cb?: () => void): ServerResponse {
    // Crawlers get an error's status, not its page.
    const emptied = bot && res.statusCode >= 400;
    const body = emptied ? Buffer.alloc(0) : Buffer.concat(chunks);
    if (!res.headersSent) {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(body.toString('utf8')), dev, extra));
      res.removeHeader('transfer-encoding');
      // An empty body from a HEAD request keeps the length Next declared for the GET.
      if (body.length > 0 || emptied || !res.hasHeader('content-length')) res.setHeader('Content-Length', body.length);
    }
    flushing = true;
    const result = end(res.headersSent ? body : encodeResponse(res.req, res, body), cb);
    onHtml?.(body);
    return result;
  }
}
