import { describe, expect, it } from 'vitest';
import { NAV_ICONS, navIcon } from '@/components/layout/nav-icons';
import { initialsOf } from '@/components/layout/Avatar';
import { routes, type RouteDef, type RouteName } from '@/lib/routes/table';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const navRoutes = (Object.entries(routes) as [RouteName, RouteDef][]).filter(([, r]) => r.nav).map(([name]) => name);

describe('the sidebar icon map', () => {
  it('has an icon for every route the sidebar can show', () => {
    expect(navRoutes.length).toBeGreaterThan(10);
    for (const name of navRoutes) expect(NAV_ICONS, name).toHaveProperty(name);
  });

  it('names no route that is not in the sidebar', () => {
    expect(Object.keys(NAV_ICONS).sort()).toEqual([...navRoutes].sort());
  });

  it('maps to real lucide components, which navIcon returns', () => {
    for (const name of navRoutes) {
      const icon = NAV_ICONS[name as keyof typeof NAV_ICONS];
      // lucide icons are forwardRef components: objects with a render function.
      expect(typeof icon === 'function' || (typeof icon === 'object' && icon !== null && 'render' in icon), name).toBe(true);
      expect(navIcon(name)).toBe(icon);
    }
  });

  it('gives each section of one group its own icon', () => {
    for (const group of ['main', 'extensions', 'root'] as const) {
      const icons = navRoutes.filter((n) => (routes[n] as RouteDef).nav === group).map((n) => NAV_ICONS[n as keyof typeof NAV_ICONS]);
      expect(new Set(icons).size, group).toBe(icons.length);
    }
  });

  it('every section has a label in both languages (the accessible name when folded)', () => {
    for (const name of navRoutes) {
      expect((en.nav as Record<string, unknown>)[name], name).toEqual(expect.any(String));
      expect((es.nav as Record<string, unknown>)[name], name).toEqual(expect.any(String));
    }
  });
});

describe('initialsOf', () => {
  it('takes the first and last words', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('  ana ')).toBe('A');
    expect(initialsOf('Íñigo Ñúñez')).toBe('ÍÑ');
    expect(initialsOf('')).toBe('?');
  });
});
