import { describe, expect, it } from 'vitest';
import { canGrant, hasPermissions, notHeld } from '@/lib/access/check';
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

describe('notHeld', () => {
  it('lists what the actor lacks, in the order asked, exact names only', () => {
    const actor = profile('USERS__VIEW', 'BOARDS__VIEW');
    expect(notHeld(actor, ['INVOICES__PAY', 'USERS__VIEW', 'users__view', 'BOARDS'])).toEqual(['INVOICES__PAY', 'users__view', 'BOARDS']);
    expect(notHeld(actor, ['BOARDS__VIEW', 'USERS__VIEW'])).toEqual([]);
    expect(notHeld(actor, [])).toEqual([]);
  });

  it('an isRoot actor lacks nothing, whatever its list', () => {
    expect(notHeld({ isRoot: true, permissions: [] }, ['INVOICES__PAY', 'USERS__VIEW'])).toEqual([]);
  });
});

describe('canGrant', () => {
  const root = { isRoot: true, permissions: [] };
  const actor = profile('USERS__VIEW', 'BOARDS__VIEW');

  it('an actor may hand out a subset of what it holds, including nothing', () => {
    expect(canGrant(actor, profile('USERS__VIEW'))).toBe(true);
    expect(canGrant(actor, profile('BOARDS__VIEW', 'USERS__VIEW'))).toBe(true);
    expect(canGrant(actor, profile())).toBe(true);
  });

  it('nobody hands out a permission they do not hold', () => {
    expect(canGrant(actor, profile('USERS__VIEW', 'USERS__DELETE'))).toBe(false);
    expect(canGrant(profile(), profile('USERS__VIEW'))).toBe(false);
  });

  it('an isRoot target needs an isRoot actor, even when its list is empty or held', () => {
    expect(canGrant(actor, { isRoot: true, permissions: [] })).toBe(false);
    expect(canGrant(actor, { isRoot: true, permissions: ['USERS__VIEW'] })).toBe(false);
    expect(canGrant(root, { isRoot: true, permissions: [] })).toBe(true);
  });

  it('an isRoot actor may hand out anything', () => {
    expect(canGrant(root, profile('INVOICES__PAY', 'USERS__DELETE'))).toBe(true);
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
