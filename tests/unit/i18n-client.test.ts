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

  it('has the same keys in both languages', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('uses the Spanish texts SPEC.md quotes', () => {
    expect(es.errors.unknown).toBe('Error desconocido!');
  });
});
