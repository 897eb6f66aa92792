import { describe, expect, it } from 'vitest';
import { isLocale, LOCALE_COOKIE, preferredLocale } from '@/lib/i18n/negotiate';

describe('isLocale', () => {
  it('accepts only the supported locales', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('es')).toBe(true);
    for (const v of ['EN', 'es-CL', 'fr', '', null, undefined]) expect(isLocale(v), String(v)).toBe(false);
  });
});

describe('preferredLocale', () => {
  it('uses the NEXT_LOCALE cookie', () => {
    expect(LOCALE_COOKIE).toBe('NEXT_LOCALE');
  });

  it('a valid cookie wins over Accept-Language', () => {
    expect(preferredLocale('es', 'en-US,en;q=0.9')).toBe('es');
    expect(preferredLocale('en', 'es-ES,es;q=0.9')).toBe('en');
  });

  it('an invalid cookie is ignored', () => {
    expect(preferredLocale('fr', 'es')).toBe('es');
    expect(preferredLocale('ES', 'es')).toBe('es');
    expect(preferredLocale('', 'es-MX')).toBe('es');
    expect(preferredLocale('de', null)).toBe('en');
  });

  it('ranks by q-value, skipping unsupported languages', () => {
    expect(preferredLocale(undefined, 'fr;q=0.9, es;q=0.8, en;q=0.5')).toBe('es');
    expect(preferredLocale(undefined, 'en;q=0.5, es;q=0.8, fr;q=0.9')).toBe('es');
    expect(preferredLocale(undefined, 'fr, en;q=0.2, es;q=0.1')).toBe('en');
    expect(preferredLocale(undefined, 'de-DE,de;q=0.9,es;q=0.7,en;q=0.6')).toBe('es');
  });

  it('keeps header order for equal q-values', () => {
    expect(preferredLocale(undefined, 'es, en')).toBe('es');
    expect(preferredLocale(undefined, 'en, es')).toBe('en');
  });

  it('matches regional variants by base language, case-insensitively', () => {
    expect(preferredLocale(undefined, 'es-CL')).toBe('es');
    expect(preferredLocale(undefined, 'ES-ar,fr;q=0.5')).toBe('es');
  });

  it('ignores languages with q=0', () => {
    expect(preferredLocale(undefined, 'es;q=0, en;q=0.1')).toBe('en');
    expect(preferredLocale(undefined, 'es;q=0')).toBe('en');
  });

  it.each([
    [undefined, null],
    [undefined, ''],
    [undefined, '*'],
    [undefined, 'fr, de;q=0.5'],
    [undefined, ' , ;q=1'],
  ])('falls back to en for cookie %j / header %j', (cookie, header) => {
    expect(preferredLocale(cookie, header)).toBe('en');
  });
});
