import { describe, expect, it } from 'vitest';
import { countryLanguage, countryLanguages, languageCodes, languageList } from '@/lib/i18n/languages';

describe('languages from CLDR', () => {
  it('lists the ISO 639-1 languages, current codes only', () => {
    const codes = languageCodes();
    expect(codes.length).toBeGreaterThanOrEqual(170);
    expect(codes.length).toBeLessThanOrEqual(190);
    for (const code of ['en', 'es', 'zh', 'he', 'id', 'yi', 'qu', 'gn']) expect(codes).toContain(code);
    // Retired codes whose successors are listed.
    for (const code of ['iw', 'in', 'ji', 'mo']) expect(codes).not.toContain(code);
    for (const code of codes) expect(code).toMatch(/^[a-z]{2}$/);
  });

  it('names each language in the reader’s language, capitalized and sorted as it sorts', () => {
    const es = languageList('es');
    expect(es.find((l) => l.code === 'de')?.name).toBe('Alemán');
    expect(es.find((l) => l.code === 'en')?.name).toBe('Inglés');
    expect(languageList('en').find((l) => l.code === 'de')?.name).toBe('German');
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    for (let i = 1; i < es.length; i++) expect(collator.compare(es[i - 1].name, es[i].name)).toBeLessThanOrEqual(0);
  });
});

describe('country → language', () => {
  it('maps each country to its likely language', () => {
    expect(countryLanguage('CL')).toBe('es');
    expect(countryLanguage('cl')).toBe('es');
    expect(countryLanguage('BR')).toBe('pt');
    expect(countryLanguage('CH')).toBe('de');
    expect(countryLanguage('JP')).toBe('ja');
    expect(countryLanguage('US')).toBe('en');
  });

  it('covers the world’s countries but no groupings or retired codes', () => {
    const map = countryLanguages();
    expect(Object.keys(map).length).toBeGreaterThan(240);
    for (const code of ['EU', 'UN', 'ZZ', 'UK', 'YU', 'SU', 'XA']) expect(map[code], code).toBeUndefined();
    for (const [country, language] of Object.entries(map)) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(language).toMatch(/^[a-z]{2,3}$/);
    }
  });
});
