import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function attributes(source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, name, dq, sq, bare] of source.matchAll(ATTRIBUTE)) map.set(name.toLowerCase(), dq ?? sq ?? bare ?? '');
  return map;
}

/** The sha256 sources of every inline script a browser would execute in this HTML. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, rawAttrs, body] of html.matchAll(INLINE_SCRIPT)) {
    const attrs = attributes(rawAttrs);
    const type = (attrs.get('type') ?? '').trim().toLowerCase();
    if (attrs.has('src') || !JS_TYPES.has(type) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Scripts only from the site itself, plus the exact inline scripts of this response
 * (hashes instead of nonces, so pre-rendered pages stay cacheable byte for byte).
 */
export function contentSecurityPolicy(scriptHashes: string[], dev = false): string {
  const script = ["'self'", ...scriptHashes, ...(dev ? ["'unsafe-eval'", "'unsafe-inline'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${dev ? "'self' 'unsafe-eval' 'unsafe-inline'" : script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
