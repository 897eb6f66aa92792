import { hasPermissions } from '../access/check';
import { pathFor } from './match';
import { routes, type Locale, type NavRole, type RouteDef, type RouteName } from './table';

export type NavItem = { name: RouteName; href: string };
export type NavGroup = { group: 'main' | 'extensions' | 'root'; items: NavItem[] };

type Access = {
  isRootUser: boolean;
  connected: boolean;
  profile: { isRoot: boolean; permissions: readonly string[] } | null;
  extensions: readonly string[];
  /** Roles the server found for this viewer in the active project (see `RouteDef.navRole`). */
  roles?: readonly NavRole[];
};

/** The sidebar: the table's sections this viewer may open, in table order. */
export function sidebarFor(access: Access, locale: Locale): NavGroup[] {
  const groups: NavGroup[] = [
    { group: 'main', items: [] },
    { group: 'extensions', items: [] },
    { group: 'root', items: [] },
  ];
  for (const [name, route] of Object.entries(routes) as [RouteName, RouteDef][]) {
    if (!route.nav) continue;
    if (route.guard === 'root' && !access.isRootUser) continue;
    if (route.navRole) {
      if (!access.connected || !access.roles?.includes(route.navRole)) continue;
      if (route.extension && !access.extensions.includes(route.extension)) continue;
    }
    if (route.guard === 'connected') {
      if (!access.connected || !hasPermissions(access.profile, route.permissions ?? [], route.mode)) continue;
      if (route.extension && !access.extensions.includes(route.extension)) continue;
    }
    groups.find((g) => g.group === route.nav)!.items.push({ name, href: pathFor(name, locale) });
  }
  return groups.filter((g) => g.items.length > 0);
}
