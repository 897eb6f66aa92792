import { describe, expect, it } from 'vitest';
import { format } from '@/lib/i18n/format';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

describe('client strings', () => {
  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(format('Error {status}', { status: 404 })).toBe('Error 404');
    expect(format('Page not found: {path}', { path: '/a' })).toBe('Page not found: /a');
    expect(format('Hi {name}', {})).toBe('Hi {name}');
    expect(format('No values')).toBe('No values');
  });

  it('chooses plural branches by the exact value, then the language’s rule, with # as the number', () => {
    const posts = en.blog.categories.posts;
    expect([0, 1, 2, 1200].map((n) => format(posts, { count: n }))).toEqual(['no posts', '1 post', '2 posts', '1,200 posts']);
    expect([0, 1, 3].map((n) => format(es.blog.categories.posts, { count: n }, 'es'))).toEqual(['sin entradas', '1 entrada', '3 entradas']);
    expect(format(en.requests.total, { total: 1 })).toBe('1 request');
    // Text around the choice, a placeholder inside a branch, and a value not given stay right.
    expect(format('{n, plural, one {# file} other {# files}} for {who}', { n: 5, who: 'Ana' })).toBe('5 files for Ana');
    expect(format('{n, plural, one {{who} alone} other {{who} and # more}}!', { n: 1, who: 'Ana' })).toBe('Ana alone!');
    expect(format('{n, plural, one {# file} other {# files}}', {})).toBe('{n, plural, one {# file} other {# files}}');
  });

  it('leaves no plural syntax unread in any message', () => {
    const strings = (tree: unknown): string[] => Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));
    for (const [locale, catalogue] of [
      ['en', en],
      ['es', es],
    ] as const)
      for (const s of strings(catalogue).filter((x) => x.includes(', plural,')))
        expect(format(s, Object.fromEntries([...s.matchAll(/\{(\w+), plural,/g)].map(([, name]) => [name, 2])), locale), s).not.toMatch(/plural,|#/);
  });

  it('has the same keys in both languages', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('uses the Spanish texts SPEC.md quotes', () => {
    expect(es.errors.unknown).toBe('Error desconocido!');
  });
});
