import { describe, expect, it } from 'vitest';
import { captchaCspSources } from '@/lib/captcha/csp';
import { contentSecurityPolicy } from '@/lib/http/security-headers';

const HASH = "'sha256-abc='";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

describe('the CSP for each captcha provider', () => {
  it('ALTCHA only adds blob: workers; scripts stay self and hashes', () => {
    const base = directives(contentSecurityPolicy([HASH]));
    const d = directives(contentSecurityPolicy([HASH], false, captchaCspSources('altcha')));
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('script-src')).toEqual(["'self'", HASH]);
    for (const [name, values] of base) expect(d.get(name)).toEqual(values);
    expect(d.size).toBe(base.size + 1);
  });

  it('ALTCHA workers are allowed in development too', () => {
    expect(directives(contentSecurityPolicy([], true, captchaCspSources('altcha'))).get('worker-src')).toContain('blob:');
  });

  it("Turnstile adds its origin to scripts and frames, keeping 'self' for frames", () => {
    const d = directives(contentSecurityPolicy([HASH], false, captchaCspSources('turnstile')));
    expect(d.get('script-src')).toEqual(["'self'", HASH, 'https://challenges.cloudflare.com']);
    expect(d.get('frame-src')).toEqual(["'self'", 'blob:', 'https://challenges.cloudflare.com']);
    expect(d.get('worker-src')).toBeUndefined();
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('hCaptcha adds its origins where its documentation asks, and nowhere else', () => {
    const d = directives(contentSecurityPolicy([HASH], false, captchaCspSources('hcaptcha')));
    for (const name of ['script-src', 'frame-src', 'style-src', 'connect-src'])
      expect(d.get(name)).toEqual(expect.arrayContaining(['https://hcaptcha.com', 'https://*.hcaptcha.com']));
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
  });

  it('keeps one of each directive', () => {
    for (const provider of ['altcha', 'turnstile', 'hcaptcha'] as const) {
      const names = contentSecurityPolicy([HASH], false, captchaCspSources(provider))
        .split(';')
        .map((d) => d.trim().split(' ')[0]);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
