import { routes, locales, type Locale, type RouteDef, type RouteName } from './table';

export type RouteMatch = {
  name: RouteName;
  route: RouteDef;
  /** The language the path itself names, or null when both languages share it. */
  locale: Locale | null;
  /** Dynamic segments with their internal (English) values. */
  params: Record<string, string>;
};

type Compiled = { name: RouteName; route: RouteDef; locale: Locale; regex: RegExp; keys: string[]; static: number };

function patternFor(route: RouteDef, locale: Locale): string {
  return locale === 'es' ? (route.es ?? route.path) : route.path;
}

/** Every path a language reaches a route by: its own, and the shared English one. */
function patternsFor(route: RouteDef, locale: Locale): string[] {
  const own = patternFor(route, locale);
  return route.shared && own !== route.path ? [own, route.path] : [own];
}

function compile(): Compiled[] {
  const list: Compiled[] = [];
  for (const [name, route] of Object.entries(routes) as [RouteName, RouteDef][]) {
    for (const locale of locales) {
      for (const pattern of patternsFor(route, locale)) {
        const keys: string[] = [];
        const source = pattern
          .split('/')
          .map((seg) => {
            const m = /^\[(\w+)\]$/.exec(seg);
            if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            keys.push(m[1]);
            return '([^/]+)';
          })
          .join('/');
        list.push({ name, route, locale, regex: new RegExp(`^${source}$`), keys, static: pattern.split('/').length - keys.length });
      }
    }
  }
  // Static segments win over dynamic ones (`/a/b` before `/a/[x]`).
  return list.sort((a, b) => b.static - a.static);
}

const compiled = compile();

/** Maps a param value written in `locale` back to its internal value, or null if not allowed. */
function internalParam(route: RouteDef, key: string, value: string, locale: Locale): string | null {
  const allowed = route.params?.[key];
  if (!allowed) return value;
  for (const [internal, es] of Object.entries(allowed)) {
    if ((locale === 'es' ? es : internal) === value) return internal;
  }
  return null;
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function matchPath(pathname: string): RouteMatch | null {
  const path = normalizePath(pathname);
  const hits: { c: Compiled; params: Record<string, string> }[] = [];
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    let ok = true;
    c.keys.forEach((key, i) => {
      let raw: string;
      try {
        raw = decodeURIComponent(m[i + 1]);
      } catch {
        ok = false;
        return;
      }
      const value = internalParam(c.route, key, raw, c.locale);
      if (value === null) ok = false;
      else params[key] = value;
    });
    if (ok) hits.push({ c, params });
  }
  if (hits.length === 0) return null;
  const first = hits[0];
  const sameRouteInBoth = hits.filter((h) => h.c.name === first.c.name).length === locales.length;
  return { name: first.c.name, route: first.c.route, locale: sameRouteInBoth ? null : first.c.locale, params: first.params };
}

/** The path of a route in a language, with its params translated. */
export function pathFor(name: RouteName, locale: Locale, params: Record<string, string> = {}): string {
  const route: RouteDef = routes[name];
  return patternFor(route, locale).replace(/\[(\w+)\]/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing param "${key}" for route ${name}`);
    const translated = locale === 'es' ? (route.params?.[key]?.[value] ?? value) : value;
    return encodeURIComponent(translated);
  });
}

/** The internal path Next routes to (`/[locale]` + English pattern with internal params). */
export function internalPath(name: RouteName, params: Record<string, string>): string {
  return pathFor(name, 'en', params);
}
