import { describe, expect, it } from 'vitest';
import { extensionNames } from '@/lib/access/extensions';
import { permissionNames } from '@/lib/access/permissions';
import { matchPath } from '@/lib/routes/match';
import { sidebarFor, type NavGroup } from '@/lib/routes/nav';
import { routes, type RouteDef, type RouteName } from '@/lib/routes/table';

type Access = Parameters<typeof sidebarFor>[0];
const access = (over: Partial<Access> = {}): Access => ({ isRootUser: false, connected: true, profile: null, extensions: [], ...over });
const profile = (...permissions: string[]) => ({ isRoot: false, permissions });
const names = (groups: NavGroup[]) => Object.fromEntries(groups.map((g) => [g.group, g.items.map((i) => i.name)]));
const flat = (groups: NavGroup[]) => groups.flatMap((g) => g.items.map((i) => i.name));

describe('sidebarFor', () => {
  it('a user without an active project sees only the dashboard', () => {
    const groups = sidebarFor(access({ connected: false, profile: profile(...permissionNames), extensions: ['blog'] }), 'en');
    expect(names(groups)).toEqual({ main: ['dashboard'] });
    expect(groups[0].items[0]).toEqual({ name: 'dashboard', href: '/dashboard' });
  });

  it('a connected user without a profile sees only the dashboard', () => {
    expect(names(sidebarFor(access(), 'en'))).toEqual({ main: ['dashboard'] });
  });

  it('shows the sections the profile may open, in table order', () => {
    const groups = sidebarFor(access({ profile: profile('USERS__VIEW', 'INVOICES__VIEW') }), 'en');
    expect(names(groups)).toEqual({ main: ['dashboard', 'users', 'invoices'] });
    expect(flat(groups)).not.toContain('boards');
  });

  it('chats appear with either chat permission', () => {
    expect(flat(sidebarFor(access({ profile: profile('CHATS__SUPPORT') }), 'en'))).toContain('chats');
    expect(flat(sidebarFor(access({ profile: profile('CHATS__TEAM') }), 'en'))).toContain('chats');
  });

  it('extension sections need both the extension and the permission', () => {
    const perm = profile('EXTENSIONS__BLOG__POSTS__VIEW');
    expect(flat(sidebarFor(access({ profile: perm, extensions: [] }), 'en'))).not.toContain('blogPosts');
    expect(flat(sidebarFor(access({ profile: profile(), extensions: ['blog'] }), 'en'))).not.toContain('blogPosts');
    const both = sidebarFor(access({ profile: perm, extensions: ['blog'] }), 'en');
    expect(names(both)).toEqual({ main: ['dashboard'], extensions: ['blogPosts'] });
    expect(flat(sidebarFor(access({ profile: perm, extensions: ['varket'] }), 'en'))).not.toContain('blogPosts');
  });

  it('a profile holding only BOARDS__VIEW sees Boards and nothing else, even with every extension on', () => {
    expect(names(sidebarFor(access({ profile: profile('BOARDS__VIEW'), extensions: extensionNames }), 'en'))).toEqual({ main: ['dashboard', 'boards'] });
  });

  it('every extension section needs its own extension on and its own permission', () => {
    // Entries shown by a data role (a linked seller's own sales) are checked below instead.
    const withExtension = (Object.entries(routes) as [RouteName, RouteDef][]).filter(([, r]) => r.nav && r.extension && !r.navRole);
    expect(withExtension.length).toBeGreaterThan(5);
    for (const [name, route] of withExtension) {
      const perm = profile(...(route.permissions ?? []));
      const others = extensionNames.filter((x) => x !== route.extension);
      expect(flat(sidebarFor(access({ profile: perm, extensions: [route.extension!] }), 'en')), name).toContain(name);
      expect(flat(sidebarFor(access({ profile: perm, extensions: others }), 'en')), name).not.toContain(name);
      expect(flat(sidebarFor(access({ profile: profile('BOARDS__VIEW'), extensions: extensionNames }), 'en')), name).not.toContain(name);
    }
  });

  it('"My sales" appears only to a linked seller, in a project with the marketplace on', () => {
    const everything = profile(...permissionNames);
    const seller = access({ profile: profile(), extensions: ['varket'], roles: ['varketSeller'] });
    expect(names(sidebarFor(seller, 'en'))).toEqual({ main: ['dashboard'], extensions: ['varketMySales'] });
    expect(matchPath(sidebarFor(seller, 'es')[1].items[0].href)?.name).toBe('varketMySales');
    // Every permission is not enough: staff who sell nothing have no sales of their own.
    expect(flat(sidebarFor(access({ profile: everything, extensions: ['varket'] }), 'en'))).not.toContain('varketMySales');
    expect(flat(sidebarFor(access({ profile: profile(), extensions: [], roles: ['varketSeller'] }), 'en'))).not.toContain('varketMySales');
    expect(flat(sidebarFor(access({ connected: false, extensions: ['varket'], roles: ['varketSeller'] }), 'en'))).not.toContain('varketMySales');
  });

  it('an isRoot profile sees every main section and only the enabled extensions', () => {
    const groups = sidebarFor(access({ profile: { isRoot: true, permissions: [] }, extensions: ['photomagik'] }), 'en');
    const n = names(groups);
    expect(n.main).toEqual(['dashboard', 'chats', 'users', 'profiles', 'boards', 'requests', 'invoices', 'interviews', 'settings']);
    expect(n.extensions).toEqual(['photomagikUsers', 'photomagikOverview', 'photomagikStyles', 'photomagikStyleCategories']);
    expect(n.root).toBeUndefined();
  });

  it('the root group appears only for the platform root user', () => {
    expect(names(sidebarFor(access({ isRootUser: true, connected: false }), 'en'))).toEqual({
      main: ['dashboard'],
      root: ['root', 'rootProjects', 'rootUsers', 'rootContent', 'rootOutbox', 'rootAudit', 'rootInvoices'],
    });
    const rootProfile = sidebarFor(access({ profile: { isRoot: true, permissions: [] } }), 'en');
    expect(rootProfile.map((g) => g.group)).not.toContain('root');
  });

  it('never lists routes without a nav group or with a parameter', () => {
    const all = sidebarFor(
      access({
        isRootUser: true,
        profile: { isRoot: true, permissions: [] },
        extensions: ['blog', 'whatsappApi', 'varket', 'photomagik', 'eventLogs'],
        roles: ['varketSeller'],
      }),
      'en',
    );
    const listed = flat(all);
    const expected = Object.entries(routes)
      .filter(([, r]) => 'nav' in r)
      .map(([n]) => n);
    expect([...listed].sort()).toEqual([...expected].sort());
    for (const name of ['board', 'accountTab', 'account', 'faq', 'accessChartsDate']) expect(listed).not.toContain(name);
    expect(all.map((g) => g.group)).toEqual(['main', 'extensions', 'root']);
  });

  it.each(['en', 'es'] as const)('hrefs in %s are absolute paths that route back to the item', (locale) => {
    const groups = sidebarFor(access({ isRootUser: true, profile: { isRoot: true, permissions: [] }, extensions: ['blog', 'eventLogs'] }), locale);
    for (const { name, href } of groups.flatMap((g) => g.items)) {
      expect(href.startsWith('/')).toBe(true);
      expect(href).not.toMatch(/\[|\]/);
      expect(matchPath(href)?.name).toBe(name);
    }
  });
});
