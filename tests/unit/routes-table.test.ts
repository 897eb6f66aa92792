import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPermission, permissionNames } from '@/lib/access/permissions';
import { matchPath, pathFor } from '@/lib/routes/match';
import { locales, routes, type RouteDef, type RouteName } from '@/lib/routes/table';

const entries = Object.entries(routes) as [RouteName, RouteDef][];
const root = path.resolve(import.meta.dirname, '../..');
const messages = {
  en: JSON.parse(readFileSync(path.join(root, 'messages/en.json'), 'utf8')) as { nav: Record<string, string> },
  es: JSON.parse(readFileSync(path.join(root, 'messages/es.json'), 'utf8')) as { nav: Record<string, string> },
};

function paramNames(pattern: string): string[] {
  return [...pattern.matchAll(/\[(\w+)\]/g)].map((m) => m[1]).sort();
}

/** A valid param set for a route: the first allowed value, or a sample. */
function sampleParams(route: RouteDef): Record<string, string> {
  return Object.fromEntries(paramNames(route.path).map((k) => [k, Object.keys(route.params?.[k] ?? {})[0] ?? `v-${k}`]));
}

describe('route table integrity', () => {
  it('has the route names the app depends on', () => {
    expect(entries.length).toBeGreaterThan(30);
    for (const name of ['index', 'login', 'dashboard', 'forbidden', 'accountTab'] as const) expect(routes[name]).toBeDefined();
    expect(routes.forbidden.path).toBe('/403');
  });

  it.each(entries)('%s: the es pattern has the same params as the path', (_name, route) => {
    expect(route.path.startsWith('/')).toBe(true);
    if (route.es) {
      expect(route.es.startsWith('/')).toBe(true);
      expect(route.es).not.toBe(route.path);
      expect(paramNames(route.es)).toEqual(paramNames(route.path));
    }
    for (const key of Object.keys(route.params ?? {})) expect(paramNames(route.path)).toContain(key);
  });

  it.each(entries.filter(([, r]) => r.guard === 'connected'))('%s: connected route declares known permissions', (_n, route) => {
    expect(route.permissions?.length ?? 0).toBeGreaterThan(0);
    for (const p of route.permissions ?? []) {
      expect(isPermission(p), p).toBe(true);
      expect(permissionNames).toContain(p);
    }
  });

  it('only connected routes carry permissions', () => {
    for (const [name, route] of entries) if (route.permissions) expect(route.guard, name).toBe('connected');
  });

  it.each(entries.filter(([, r]) => r.nav))('%s: nav route has a label in en and es', (name) => {
    expect(typeof messages.en.nav[name], `en nav.${name}`).toBe('string');
    expect(typeof messages.es.nav[name], `es nav.${name}`).toBe('string');
    expect(messages.en.nav[name].length).toBeGreaterThan(0);
    expect(messages.es.nav[name].length).toBeGreaterThan(0);
  });

  it('no two routes share a pattern in the same language', () => {
    for (const locale of locales) {
      const seen = new Map<string, string>();
      for (const [name, route] of entries) {
        const pattern = (locale === 'es' ? (route.es ?? route.path) : route.path).replace(/\[\w+\]/g, '[]');
        expect(seen.get(pattern), `${name} vs ${seen.get(pattern)} (${locale})`).toBeUndefined();
        seen.set(pattern, name);
      }
    }
  });

  it.each(entries)('%s: pathFor output matches back to the same route in both languages', (name, route) => {
    const params = sampleParams(route);
    for (const locale of locales) {
      const m = matchPath(pathFor(name, locale, params));
      expect(m?.name, `${name} (${locale})`).toBe(name);
      expect(m?.params).toEqual(params);
      // A shared English path serves both languages; every other path names its own.
      expect(m?.locale).toBe(route.es && !(route.shared && locale === 'en') ? locale : null);
    }
  });
});
