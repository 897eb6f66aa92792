import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '@/lib/auth/claims';
import { afterSignIn } from '@/components/auth/after-sign-in';
import { decideGuard, isConnected, landingPath, safeRedirect } from '@/lib/routes/guard';
import { OPEN_REDIRECT_PAYLOADS, SAFE_REDIRECTS } from '../fixtures/open-redirects';
import { routes, type RouteDef } from '@/lib/routes/table';

function claims(over: Partial<AccessClaims> = {}): AccessClaims {
  return { sub: 'u1', sid: 's1', root: false, prr: false, perms: [], ...over };
}
const connected = (over: Partial<AccessClaims> = {}) => claims({ pid: 'p1', ppid: 'pp1', ...over });
const allow = { action: 'allow' };
const to = (path: string) => ({ action: 'redirect', to: path });

describe('safeRedirect', () => {
  it.each(['/dashboard', '/account/security?x=1', '/', '/a//b'])('keeps same-site path %s', (v) => {
    expect(safeRedirect(v)).toBe(v);
  });

  it.each([null, undefined, '', 'dashboard', '//evil.com', '///evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)', ' /x'])(
    'rejects %j',
    (v) => {
      expect(safeRedirect(v)).toBeNull();
    },
  );

  // Regression: URL parsers drop tab/CR/LF, so "/\t/evil.com" would resolve to "//evil.com".
  it.each(['/\t/evil.com', '/\n/evil.com', '/\r/evil.com'])('rejects %j (control characters)', (v) => {
    expect(safeRedirect(v)).toBeNull();
  });
});

describe('open redirect payloads', () => {
  // Whatever the rule returns, the browser resolves against our origin: it must stay ours.
  it.each(OPEN_REDIRECT_PAYLOADS)('%j never leaves the site', (payload) => {
    const kept = safeRedirect(payload);
    if (kept !== null) expect(new URL(kept, 'https://atrio.example').origin).toBe('https://atrio.example');
    expect(kept === null || !kept.startsWith('//')).toBe(true);
    expect(new URL(afterSignIn(`?redir=${encodeURIComponent(payload)}`), 'https://atrio.example').origin).toBe('https://atrio.example');
    const decision = decideGuard(routes.login, claims(), '/login', payload);
    expect(decision.action === 'redirect' && new URL(decision.to, 'https://atrio.example').origin).toBe('https://atrio.example');
  });

  it.each(['/.//evil.com', '/..//evil.com', '/%2e%2e//evil.com'])('refuses %j, which new URL() collapses to //evil.com', (payload) => {
    expect(safeRedirect(payload)).toBeNull();
  });

  it.each(SAFE_REDIRECTS)('keeps %j as %j', (value, normalized) => {
    expect(safeRedirect(value)).toBe(normalized);
  });

  it.each(['/logout', '/logout/', '/logout//', '/x/../logout', '/%2e/logout?a=1'])('never lands on the logout page through %j', (value) => {
    expect(landingPath(value)).toBeNull();
  });
});

describe('decideGuard: public', () => {
  it('allows everyone', () => {
    expect(decideGuard(routes.faq, null, '/faq')).toEqual(allow);
    expect(decideGuard(routes.help, claims({ root: true }), '/help/x')).toEqual(allow);
  });
});

describe('decideGuard: noAuth', () => {
  it('allows anonymous visitors', () => {
    expect(decideGuard(routes.login, null, '/login', '/dashboard/users')).toEqual(allow);
    expect(decideGuard(routes.register, null, '/registro')).toEqual(allow);
  });

  it('sends token holders to /dashboard or to a safe redir', () => {
    expect(decideGuard(routes.login, claims(), '/login')).toEqual(to('/dashboard'));
    expect(decideGuard(routes.login, claims(), '/login', null)).toEqual(to('/dashboard'));
    expect(decideGuard(routes.login, claims(), '/login?redir=/cuenta', '/cuenta')).toEqual(to('/cuenta'));
    expect(decideGuard(routes.register, claims(), '/register', '/dashboard/users?page=2')).toEqual(to('/dashboard/users?page=2'));
  });

  // A signed-in visitor sent to /login?redir=/logout (a link anyone can post) stays signed in.
  it.each(['/logout', '/logout?now=1', '/logout#x'])('never sends a token holder on to %j', (redir) => {
    expect(decideGuard(routes.login, claims(), '/login', redir)).toEqual(to('/dashboard'));
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', ''])('ignores unsafe redir %j', (redir) => {
    expect(decideGuard(routes.login, claims(), '/login', redir)).toEqual(to('/dashboard'));
  });
});

describe('decideGuard: auth', () => {
  it('sends anonymous visitors to login with the wanted path and query encoded', () => {
    expect(decideGuard(routes.dashboard, null, '/dashboard')).toEqual(to('/login?redir=%2Fdashboard'));
    expect(decideGuard(routes.accountTab, null, '/cuenta/seguridad?a=1&b=2')).toEqual(to('/login?redir=%2Fcuenta%2Fseguridad%3Fa%3D1%26b%3D2'));
  });

  it('allows any token, connected or not', () => {
    expect(decideGuard(routes.dashboard, claims(), '/dashboard')).toEqual(allow);
    expect(decideGuard(routes.logout, connected(), '/logout')).toEqual(allow);
  });
});

describe('decideGuard: connected', () => {
  it('sends anonymous visitors to login with redir', () => {
    expect(decideGuard(routes.users, null, '/dashboard/users?q=a b')).toEqual(to('/login?redir=%2Fdashboard%2Fusers%3Fq%3Da%20b'));
  });

  it('sends a token without an active project to the dashboard with redir', () => {
    const want = to('/dashboard?redir=%2Fdashboard%2Fusers');
    expect(decideGuard(routes.users, claims({ perms: ['USERS__VIEW'] }), '/dashboard/users')).toEqual(want);
    expect(decideGuard(routes.users, claims({ pid: 'p1', perms: ['USERS__VIEW'] }), '/dashboard/users')).toEqual(want);
    expect(decideGuard(routes.users, claims({ ppid: 'pp1', prr: true }), '/dashboard/users')).toEqual(want);
    expect(isConnected(claims({ pid: '', ppid: 'pp1' }))).toBe(false);
    expect(isConnected(null)).toBe(false);
  });

  it('sends a connected user without the permission to /403', () => {
    expect(decideGuard(routes.users, connected(), '/dashboard/users')).toEqual(to('/403'));
    expect(decideGuard(routes.users, connected({ perms: ['BOARDS__VIEW'] }), '/dashboard/users')).toEqual(to('/403'));
  });

  it('allows a connected user with the permission', () => {
    expect(decideGuard(routes.users, connected({ perms: ['USERS__VIEW'] }), '/dashboard/users')).toEqual(allow);
  });

  it('lets an isRoot profile (prr) through any permission', () => {
    expect(decideGuard(routes.invoicePay, connected({ prr: true }), '/dashboard/invoices/1/pay')).toEqual(allow);
    expect(decideGuard(routes.photomagikStyleCategories, connected({ prr: true }), '/x')).toEqual(allow);
  });

  it('"some" mode (chats) passes with only one of its permissions', () => {
    expect(routes.chats.mode).toBe('some');
    expect(decideGuard(routes.chats, connected({ perms: ['CHATS__TEAM'] }), '/dashboard/chats')).toEqual(allow);
    expect(decideGuard(routes.chats, connected({ perms: ['CHATS__SUPPORT'] }), '/dashboard/chats')).toEqual(allow);
    expect(decideGuard(routes.chats, connected({ perms: ['USERS__VIEW'] }), '/dashboard/chats')).toEqual(to('/403'));
  });

  it('"all" mode needs every permission', () => {
    const route: RouteDef = { ...routes.chats, mode: 'all' };
    expect(decideGuard(route, connected({ perms: ['CHATS__TEAM'] }), '/dashboard/chats')).toEqual(to('/403'));
    expect(decideGuard(route, connected({ perms: ['CHATS__SUPPORT', 'CHATS__TEAM'] }), '/dashboard/chats')).toEqual(allow);
    const noMode: RouteDef = { ...routes.chats, mode: undefined };
    expect(decideGuard(noMode, connected({ perms: ['CHATS__TEAM'] }), '/dashboard/chats')).toEqual(to('/403'));
  });

  it('the platform root flag alone does not grant project permissions', () => {
    expect(decideGuard(routes.users, connected({ root: true }), '/dashboard/users')).toEqual(to('/403'));
  });
});

describe('decideGuard: root', () => {
  it('allows the platform root', () => {
    expect(decideGuard(routes.root, claims({ root: true }), '/root')).toEqual(allow);
    expect(decideGuard(routes.rootProjects, connected({ root: true }), '/root/projects')).toEqual(allow);
  });

  it('sends a non-root token to /login without redir, even with an isRoot profile', () => {
    expect(decideGuard(routes.root, claims(), '/root')).toEqual(to('/login'));
    expect(decideGuard(routes.rootProjects, connected({ prr: true }), '/root/projects')).toEqual(to('/login'));
  });

  it('sends anonymous visitors to /login with redir', () => {
    expect(decideGuard(routes.rootProjects, null, '/root/projects?p=2')).toEqual(to('/login?redir=%2Froot%2Fprojects%3Fp%3D2'));
  });
});
