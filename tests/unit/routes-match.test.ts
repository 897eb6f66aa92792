import { describe, expect, it } from 'vitest';
import { internalPath, matchPath, normalizePath, pathFor } from '@/lib/routes/match';

describe('matchPath: localized aliases', () => {
  it.each([
    ['/faq', 'faq', 'en'],
    ['/preguntas-frecuentes', 'faq', 'es'],
    ['/register', 'register', 'en'],
    ['/registro', 'register', 'es'],
    ['/email-confirmation', 'emailConfirmation', 'en'],
    ['/confirmacion-email', 'emailConfirmation', 'es'],
    ['/request-project', 'requestProject', 'en'],
    ['/solicitar-proyecto', 'requestProject', 'es'],
    ['/account', 'account', 'en'],
    ['/cuenta', 'account', 'es'],
    ['/inicio', 'index', 'es'],
  ] as const)('%s → %s (%s)', (path, name, locale) => {
    const m = matchPath(path);
    expect(m?.name).toBe(name);
    expect(m?.locale).toBe(locale);
    expect(m?.params).toEqual({});
  });

  it.each([
    ['/', 'index'],
    ['/login', 'login'],
    ['/logout', 'logout'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/users', 'users'],
    ['/403', 'forbidden'],
    ['/root/projects', 'rootProjects'],
  ] as const)('shared path %s → %s with locale null', (path, name) => {
    const m = matchPath(path);
    expect(m?.name).toBe(name);
    expect(m?.locale).toBeNull();
  });
});

describe('the home page', () => {
  it('has a Spanish path of its own while the root serves either language', () => {
    expect(pathFor('index', 'en')).toBe('/');
    expect(pathFor('index', 'es')).toBe('/inicio');
    expect(matchPath('/')).toMatchObject({ name: 'index', locale: null });
    expect(internalPath('index', matchPath('/inicio')!.params)).toBe('/');
  });
});

describe('matchPath: dynamic segments', () => {
  it('maps the English and Spanish account tabs to the same internal param', () => {
    const en = matchPath('/account/security');
    const es = matchPath('/cuenta/seguridad');
    expect(en).toMatchObject({ name: 'accountTab', locale: 'en', params: { tab: 'security' } });
    expect(es).toMatchObject({ name: 'accountTab', locale: 'es', params: { tab: 'security' } });
    expect(matchPath('/cuenta/proyectos')?.params).toEqual({ tab: 'projects' });
    // "general" is the same word in both languages; the prefix decides the locale.
    expect(matchPath('/cuenta/general')).toMatchObject({ locale: 'es', params: { tab: 'general' } });
  });

  it.each(['/cuenta/security', '/account/seguridad', '/account/foo', '/cuenta/foo', '/account/%'])(
    'rejects a tab value not allowed in that language: %s',
    (path) => {
      expect(matchPath(path)).toBeNull();
    },
  );

  it('captures free-form params and decodes them', () => {
    expect(matchPath('/help/x')).toMatchObject({ name: 'help', locale: 'en', params: { slug: 'x' } });
    expect(matchPath('/ayuda/x')).toMatchObject({ name: 'help', locale: 'es', params: { slug: 'x' } });
    expect(matchPath('/help/caf%C3%A9')?.params.slug).toBe('café');
    expect(matchPath('/help/a%2Fb')?.params.slug).toBe('a/b');
    expect(matchPath('/dashboard/boards/42')).toMatchObject({ name: 'board', locale: null, params: { id: '42' } });
    expect(matchPath('/dashboard/invoices/7/pay')).toMatchObject({ name: 'invoicePay', params: { id: '7' } });
    expect(matchPath('/projects/k1/interview')).toMatchObject({ name: 'interview', locale: null, params: { key: 'k1' } });
  });

  it('prefers static routes over dynamic ones of the same length', () => {
    expect(matchPath('/dashboard/extensions/photomagik/styles/categories')?.name).toBe('photomagikStyleCategories');
    expect(matchPath('/dashboard/extensions/photomagik/styles')?.name).toBe('photomagikStyles');
    expect(matchPath('/dashboard/extensions/event-logs/access-charts')?.name).toBe('accessCharts');
    expect(matchPath('/dashboard/extensions/event-logs/access-charts/2024-01-01')).toMatchObject({
      name: 'accessChartsDate',
      params: { date: '2024-01-01' },
    });
  });

  it('returns null for malformed percent-encoding', () => {
    expect(matchPath('/help/%E0%A4%A')).toBeNull();
    expect(matchPath('/ayuda/%zz')).toBeNull();
    expect(matchPath('/dashboard/boards/%')).toBeNull();
  });
});

describe('matchPath: normalisation and misses', () => {
  it('ignores trailing slashes', () => {
    expect(matchPath('/faq/')?.name).toBe('faq');
    expect(matchPath('/cuenta/seguridad///')).toMatchObject({ name: 'accountTab', params: { tab: 'security' } });
    expect(matchPath('///')?.name).toBe('index');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/a/b/')).toBe('/a/b');
  });

  it.each(['/nope', '/FAQ', '/faq/extra', '/help', '/help/a/b', '/dashboard/boards/1/2', '', '/ayuda'])('unknown path %j → null', (path) => {
    expect(matchPath(path)).toBeNull();
  });
});

describe('pathFor', () => {
  it('returns the localized pattern', () => {
    expect(pathFor('faq', 'en')).toBe('/faq');
    expect(pathFor('faq', 'es')).toBe('/preguntas-frecuentes');
    expect(pathFor('login', 'es')).toBe('/login');
  });

  it('translates allowed param values into Spanish only', () => {
    expect(pathFor('accountTab', 'es', { tab: 'security' })).toBe('/cuenta/seguridad');
    expect(pathFor('accountTab', 'es', { tab: 'projects' })).toBe('/cuenta/proyectos');
    expect(pathFor('accountTab', 'en', { tab: 'security' })).toBe('/account/security');
    expect(pathFor('help', 'es', { slug: 'getting-started' })).toBe('/ayuda/getting-started');
    expect(internalPath('accountTab', { tab: 'projects' })).toBe('/account/projects');
  });

  it('throws when a param is missing', () => {
    expect(() => pathFor('help', 'en')).toThrow(/Missing param "slug" for route help/);
    expect(() => pathFor('invoicePay', 'es', {})).toThrow(/"id"/);
  });

  it('percent-encodes param values so they round-trip through matchPath', () => {
    const path = pathFor('help', 'en', { slug: 'a b/c?d#é' });
    expect(path).toBe('/help/a%20b%2Fc%3Fd%23%C3%A9');
    expect(matchPath(path)?.params.slug).toBe('a b/c?d#é');
  });
});
