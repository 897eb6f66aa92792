import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from '@/lib/http/security-headers';
import { themeBootScript } from '@/lib/shell/theme';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('inlineScriptHashes', () => {
  it('hashes the exact body of each inline script, whitespace included', () => {
    const a = 'console.log(1)';
    const b = '\n  window.x = "é";\n';
    const html = `<html><head><script>${a}</script></head><body><SCRIPT type="module">${b}</SCRIPT></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(a), sha(b)]);
    expect(sha(a)).not.toBe(sha(`${a} `));
  });

  it('hashes the theme boot script as the layout would embed it', () => {
    expect(inlineScriptHashes(`<head><script>${themeBootScript}</script></head>`)).toEqual([sha(themeBootScript)]);
  });

  it('skips external scripts and JSON data blocks', () => {
    const html = [
      '<script src="/app.js"></script>',
      '<script async src=/x.js>ignored()</script>',
      '<script type="application/ld+json">{"@type":"FAQPage"}</script>',
      "<script type='application/json' id=data>{}</script>",
      '<script>run()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('run()')]);
  });

  it('hashes scripts whose type is an executable JavaScript type', () => {
    const html = '<script type="text/javascript">a()</script><script type="application/javascript">b()</script><script type="module">c()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()'), sha('c()')]);
  });

  // Regression: an unquoted type as the last attribute used to leave the script unhashed.
  it('hashes <script type=text/javascript> (unquoted)', () => {
    expect(inlineScriptHashes('<script type=text/javascript>a()</script>')).toEqual([sha('a()')]);
  });

  it('dedupes identical scripts and ignores empty ones', () => {
    const html = '<script>x()</script><p>hi</p><script>x()</script><script></script><script>y()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('x()'), sha('y()')]);
  });

  it('returns nothing for HTML without scripts', () => {
    expect(inlineScriptHashes('<p>no scripts</p><noscript>x</noscript>')).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  const hashes = [sha('a()'), sha('b()')];

  it('locks down objects, base URIs and framing', () => {
    const d = directives(contentSecurityPolicy(hashes));
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    // Frames: the site's own pages and the blobs its scripts make (the invoice PDF preview), nothing from elsewhere.
    expect(d.get('frame-src')).toEqual(["'self'", 'blob:']);
  });

  it('allows only self and the given hashes for scripts in production', () => {
    const csp = contentSecurityPolicy(hashes);
    expect(directives(csp).get('script-src')).toEqual(["'self'", ...hashes]);
    expect(directives(csp).get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives(csp).get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('without hashes, allows no inline script at all', () => {
    expect(directives(contentSecurityPolicy([])).get('script-src')).toEqual(["'self'"]);
  });

  it('relaxes scripts in development for the dev overlay', () => {
    const script = directives(contentSecurityPolicy(hashes, true)).get('script-src');
    expect(script).toContain("'unsafe-inline'");
    expect(script).toContain("'unsafe-eval'");
    // With a hash present browsers ignore 'unsafe-inline', so dev must not list hashes.
    expect(script?.some((v) => v.startsWith("'sha256-"))).toBe(false);
  });

  it('has one of each directive', () => {
    const names = contentSecurityPolicy(hashes)
      .split(';')
      .map((d) => d.trim().split(' ')[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('securityHeaders', () => {
  it('adds HSTS only over https', () => {
    expect(securityHeaders(true)['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
    expect(Number(/max-age=(\d+)/.exec(securityHeaders(true)['Strict-Transport-Security'])?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(securityHeaders(false)).not.toHaveProperty('Strict-Transport-Security');
  });

  it.each([true, false])('always sends the baseline headers (https=%s)', (https) => {
    const h = securityHeaders(https);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(h['Permissions-Policy']).toContain('camera=()');
  });
});
