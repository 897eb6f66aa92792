import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '@/lib/env';
import { ogLocale, publicMetadata } from '@/lib/i18n/metadata';

const BASE = 'https://atrio.example.com';
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = BASE;
  resetEnv();
});
afterAll(() => {
  if (saved === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved;
  resetEnv();
});

describe('public page metadata', () => {
  it('gives the Spanish home its own canonical URL and both hreflang alternates', () => {
    const es = publicMetadata('index', 'es', { title: 'Inicio', description: 'Gestiona' });
    expect(es.alternates).toEqual({
      canonical: `${BASE}/inicio`,
      languages: { en: `${BASE}/`, es: `${BASE}/inicio`, 'x-default': `${BASE}/` },
    });
    expect(publicMetadata('index', 'en', { title: 'Home' }).alternates?.canonical).toBe(`${BASE}/`);
  });

  it('carries an Open Graph card in the page language', () => {
    const meta = publicMetadata('faq', 'es', { title: 'Preguntas', description: 'Respuestas' });
    expect(meta.description).toBe('Respuestas');
    expect(meta.openGraph).toMatchObject({
      type: 'website',
      siteName: 'Atrio',
      title: 'Preguntas',
      description: 'Respuestas',
      url: `${BASE}/preguntas-frecuentes`,
      locale: 'es_ES',
      alternateLocale: ['en_US'],
    });
    expect(meta.robots).toBeUndefined();
  });

  it('keeps forms out of search results but still describes them', () => {
    const meta = publicMetadata('login', 'en', { title: 'Log in', description: 'Sign in to reach your projects.', index: false });
    expect(meta).toMatchObject({ description: 'Sign in to reach your projects.', robots: { index: false } });
    expect(meta.openGraph).toMatchObject({ url: `${BASE}/login` });
  });

  it('lists only the languages an article exists in', () => {
    const meta = publicMetadata('help', 'en', { title: 'Start', params: { en: { slug: 'getting-started' } } });
    expect(meta.openGraph).toMatchObject({ url: `${BASE}/help/getting-started`, alternateLocale: [] });
  });

  it('derives Open Graph locales from CLDR likely subtags', () => {
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('es')).toBe('es_ES');
  });
});
