import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '@/lib/audit/service';
import { callerCache } from '@/lib/auth/callers';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { FEED_FAMILIES } from '@/lib/db/changes';
import { dbHandle } from '@/lib/db/client';
import { trackReads, type ReadDeps } from '@/lib/db/read-deps';
import { cachedActivity } from '@/lib/dashboard/activity';
import { memberPageKey } from '@/lib/http/member-pages';
import { requestContext } from '@/lib/log/logger';
import { users } from '@/lib/users/tables';
import { feedSettled } from './helpers/feed';
import { setupWorld } from './matrix/world';

// A signed-in page's HTML is kept when its render read nothing but cached values
// (lib/http/member-pages.ts): what a render read is recorded through the callers' cache and
// the database driver, and the kept page goes with the first announced change to any of it.

const w = setupWorld();
const ROOT = { isRoot: true, permissions: [] };

beforeAll(async () => {
  callerCache(dbHandle());
  await feedSettled();
});

/** Runs `render` as a request's page render would, and returns what it read. */
async function rendering(render: () => Promise<unknown>): Promise<ReadDeps> {
  return requestContext.run({ reqId: 'test', at: performance.now() }, async () => {
    const deps = trackReads()!;
    await render();
    return deps;
  });
}

describe('what a page render read', () => {
  it('names the tags of cached values, from when the oldest was read', async () => {
    const A = w.project.A.id;
    await feedSettled();
    await cachedActivity(w.db, A, ROOT); // stored, before the render
    const started = Date.now();
    const deps = await rendering(() => cachedActivity(w.db, A, ROOT));
    expect(deps.spoiled).toBe(false);
    expect([...deps.tags]).toContain(`d:${A}`);
    expect(deps.oldest).toBeLessThanOrEqual(started);
  });

  it('is spoiled by any query the cache did not answer, in a transaction too', async () => {
    const me = await w.memberOf('A', []);
    await feedSettled();
    expect((await rendering(() => w.db.select({ id: users.id }).from(users).where(eq(users.id, me.userId)))).spoiled).toBe(true);
    expect((await rendering(() => w.db.transaction((tx) => tx.select({ id: users.id }).from(users).limit(1)))).spoiled).toBe(true);
    // A cache miss reads the database: that render is not kept either (the next one is).
    const B = w.project.B.id;
    await audit(w.db, { userId: me.userId, projectId: B }, { action: 'profile.create', data: { name: 'Miss' } });
    await feedSettled();
    expect((await rendering(() => cachedActivity(w.db, B, ROOT))).spoiled).toBe(true);
    expect((await rendering(() => cachedActivity(w.db, B, ROOT))).spoiled).toBe(false);
  });

  it('records nothing outside a request, and a request that does not render records nothing', async () => {
    expect(trackReads()).toBeUndefined();
    const deps = await requestContext.run({ reqId: 'plain' }, async () => {
      await w.db.select({ id: users.id }).from(users).limit(1);
      return requestContext.getStore()?.deps;
    });
    expect(deps).toBeUndefined();
  });
});

describe('the pages shelf', () => {
  const shelf = () => callerCache(dbHandle(), 'pages');

  it('keeps a page under its reads’ tags until the database announces a change to one of them', async () => {
    const me = await w.memberOf('A', []);
    const A = w.project.A.id;
    await feedSettled();
    await cachedActivity(w.db, A, ROOT);
    const since = shelf().mark();
    const deps = await rendering(() => cachedActivity(w.db, A, ROOT));
    expect(shelf().keep('page|a', { html: 'a' }, [...deps.tags], 1, since, FEED_FAMILIES, deps.oldest)).toBe(true);
    expect(await shelf().peek('page|a', FEED_FAMILIES)).toEqual({ html: 'a' });
    await audit(w.db, { userId: me.userId, projectId: A }, { action: 'profile.create', data: { name: 'Changed' } });
    await feedSettled();
    expect(await shelf().peek('page|a', FEED_FAMILIES)).toBeUndefined();
  });

  it('keeps nothing when a change was heard while the page was rendered, or when the render read nothing cached', async () => {
    const me = await w.memberOf('A', []);
    const A = w.project.A.id;
    await feedSettled();
    const since = shelf().mark();
    await audit(w.db, { userId: me.userId, projectId: A }, { action: 'profile.create', data: { name: 'Meanwhile' } });
    await feedSettled();
    expect(shelf().keep('page|b', { html: 'b' }, [`d:${A}`], 1, since, FEED_FAMILIES, Date.now())).toBe(false);
    expect(shelf().keep('page|b', { html: 'b' }, [], 1, shelf().mark(), FEED_FAMILIES, Date.now())).toBe(false);
    expect(await shelf().peek('page|b', FEED_FAMILIES)).toBeUndefined();
  });

  it('lets a page age from its oldest read, as the values it was made of would', async () => {
    const since = shelf().mark();
    expect(shelf().keep('page|old', { html: 'old' }, ['d:x'], 1, since, FEED_FAMILIES, Date.now() - 61_000)).toBe(true);
    expect(await shelf().peek('page|old', FEED_FAMILIES)).toBeUndefined();
  });
});

describe('which requests a kept page may answer', () => {
  const auth = `${AUTH_COOKIE}=token`;
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers: { cookie: auth, ...headers } });

  it('signed-in pages of the vertical layout, keyed by address, cookies, language and bots', () => {
    const key = memberPageKey(req('/dashboard'), false);
    expect(key).not.toBeNull();
    expect(memberPageKey(req('/dashboard', {}, 'HEAD'), false)).toBe(key);
    for (const other of [
      memberPageKey(req('/dashboard?redir=%2Fdashboard%2Fchats'), false),
      memberPageKey(req('/account/general'), false),
      memberPageKey(req('/dashboard', { cookie: `${auth}2` }), false),
      memberPageKey(req('/dashboard', { cookie: `${auth}; NEXT_LOCALE=es` }), false),
      memberPageKey(req('/dashboard', { 'accept-language': 'es' }), false),
      memberPageKey(req('/dashboard'), true),
    ])
      expect(other).not.toBe(key);
  });

  it('keys a click by the router’s headers too: the client’s tree decides what the answer holds', () => {
    const click = (tree: string, more: Record<string, string> = {}) =>
      memberPageKey(req('/dashboard?_rsc=1', { rsc: '1', 'next-router-state-tree': tree, ...more }), false);
    const keys = [
      memberPageKey(req('/dashboard?_rsc=1'), false),
      click('%5B%22%22%2C%7B%7D%5D'),
      click('%5B%22%22%2C%7B%22children%22%3A%7B%7D%7D%5D'),
      click('%5B%22%22%2C%7B%7D%5D', { 'next-router-prefetch': '1' }),
      click('%5B%22%22%2C%7B%7D%5D', { 'next-url': '/dashboard/chats' }),
    ];
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves everything else to the app', () => {
    for (const r of [
      req('/dashboard', {}, 'POST'),
      req('/dashboard', { rsc: '1', 'next-action': 'x' }),
      req('/dashboard', { 'x-nextjs-data': '1' }),
      { method: 'GET', url: '/dashboard', headers: {} },
      req('/dashboard', { cookie: 'NEXT_LOCALE=es' }),
      req('/faq'),
      req('/login'),
      req('/logout'),
      req('/dashboard/chats'),
      req('/root'),
      req('/no-such-page'),
      req('/api/chats/unread'),
    ])
      expect(memberPageKey(r, false), `${r.method} ${r.url} ${JSON.stringify(r.headers)}`).toBeNull();
  });
});
