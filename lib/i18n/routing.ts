import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales, routes, type RouteDef } from '../routes/table';

// next-intl's pathnames, derived from the route table so there is one list of paths.
const pathnames = Object.fromEntries(
  Object.values(routes as Record<string, RouteDef>).map((r) => [r.path, r.es ? { en: r.path, es: r.es } : r.path]),
);

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'never',
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax' },
  pathnames,
});
