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

/** Extra sources per directive, e.g. what the configured captcha needs. */
export type CspSources = Partial<Record<string, string[]>>;

/**
 * Scripts only from the site itself, plus the exact inline scripts of this response
 * (hashes instead of nonces, so pre-rendered pages stay cacheable byte for byte).
 * `extra` widens single directives; one it names that the base omits starts from
 * default-src ('self'), so adding it never loosens anything else.
 */
export function contentSecurityPolicy(scriptHashes: string[], dev = false, extra: CspSources = {}): string {
  // In development the dev overlay needs eval and inline code; hashes would cancel 'unsafe-inline'.
  const script = dev ? ["'self'", "'unsafe-eval'", "'unsafe-inline'"] : ["'self'", ...scriptHashes];
  const directives = new Map<string, string[]>([
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['media-src', ["'self'"]],
    ['object-src', ["'none'"]],
    // The invoice editor shows its PDF preview from a blob: the page's own script made it.
    ['frame-src', ["'self'", 'blob:']],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ]);
  for (const [name, sources] of Object.entries(extra)) {
    if (!sources?.length) continue;
    const base = directives.get(name) ?? ["'self'"];
    directives.set(name, [...new Set([...base, ...sources])]);
  }
  return [...directives].map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
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
