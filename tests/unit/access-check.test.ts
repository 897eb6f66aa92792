import { describe, expect, it } from 'vitest';
import { hasPermissions } from '@/lib/access/check';
import { isPermission, permissionNames, permissions } from '@/lib/access/permissions';

const profile = (...perms: string[]) => ({ isRoot: false, permissions: perms });

describe('hasPermissions', () => {
  it('an empty requirement passes, even without a profile', () => {
    expect(hasPermissions(null, [])).toBe(true);
    expect(hasPermissions(undefined, [], 'some')).toBe(true);
    expect(hasPermissions(profile(), [])).toBe(true);
  });

  it('no profile fails any requirement', () => {
    expect(hasPermissions(null, ['USERS__VIEW'])).toBe(false);
    expect(hasPermissions(undefined, ['USERS__VIEW'], 'some')).toBe(false);
  });

  it('isRoot passes everything regardless of its list', () => {
    const root = { isRoot: true, permissions: [] };
    expect(hasPermissions(root, ['USERS__VIEW', 'INVOICES__PAY'])).toBe(true);
    expect(hasPermissions(root, ['USERS__VIEW'], 'some')).toBe(true);
  });

  it('"all" (the default) needs every permission', () => {
    const p = profile('USERS__VIEW', 'BOARDS__VIEW');
    expect(hasPermissions(p, ['USERS__VIEW'])).toBe(true);
    expect(hasPermissions(p, ['USERS__VIEW', 'BOARDS__VIEW'])).toBe(true);
    expect(hasPermissions(p, ['USERS__VIEW', 'INVOICES__VIEW'])).toBe(false);
    expect(hasPermissions(p, ['USERS__VIEW', 'INVOICES__VIEW'], 'all')).toBe(false);
  });

  it('"some" needs at least one', () => {
    const p = profile('CHATS__SUPPORT');
    expect(hasPermissions(p, ['CHATS__TEAM', 'CHATS__SUPPORT'], 'some')).toBe(true);
    expect(hasPermissions(p, ['CHATS__TEAM', 'USERS__VIEW'], 'some')).toBe(false);
  });

  it('matches names exactly (no prefixes or case folding)', () => {
    expect(hasPermissions(profile('users__view'), ['USERS__VIEW'])).toBe(false);
    expect(hasPermissions(profile('EXTENSIONS__BLOG'), ['EXTENSIONS__BLOG__POSTS__VIEW'])).toBe(false);
    expect(hasPermissions(profile('INVOICES__VIEW'), ['INVOICES__PAY'])).toBe(false);
  });
});

describe('permission catalogue', () => {
  it('every permission has an English and Spanish description', () => {
    expect(permissionNames.length).toBe(Object.keys(permissions).length);
    for (const name of permissionNames) {
      expect(permissions[name].en.length, name).toBeGreaterThan(0);
      expect(permissions[name].es.length, name).toBeGreaterThan(0);
    }
  });

  it('isPermission accepts only catalogue names, not inherited keys', () => {
    expect(isPermission('USERS__VIEW')).toBe(true);
    expect(isPermission('NOPE')).toBe(false);
    expect(isPermission('toString')).toBe(false);
    expect(isPermission('__proto__')).toBe(false);
  });
});
