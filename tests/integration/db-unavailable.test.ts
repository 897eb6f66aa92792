import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { openDb, setDbHandle } from '@/lib/db/client';
import type { RouteAccess } from '@/lib/http/route';
import { memoryPubSub } from '@/lib/realtime/pubsub';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { accountsDb } from './helpers/accounts';
import { chatApi, setupChatBus } from './helpers/chats';
import { openSocket, socketServer, ticketFor } from './helpers/sockets';
import { buildWorld, type CallSpec, type MatrixCase, type Member, type World } from './matrix/world';

// A database that cannot serve is the server's trouble, not the caller's: every API route
// answers 503 with the translated `databaseUnavailable` and a Retry-After, never a 500 or a hang.

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
setupChatBus();
beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
}, 60_000);
afterAll(async () => handle?.cleanup());

/** Runs `work` while the database takes reads but refuses writes (a standby, a read-only switch). */
async function readOnly<T>(work: () => Promise<T>): Promise<T> {
  if (!handle.databaseUrl) {
    // The embedded database has one session: the setting applies to every query.
    await handle.db.execute(sql`set default_transaction_read_only = on`);
    try {
      return await work();
    } finally {
      await handle.db.execute(sql`set default_transaction_read_only = off`);
    }
  }
  const url = new URL(handle.databaseUrl);
  url.searchParams.set('options', '-c default_transaction_read_only=on');
  const ro = openDb({ databaseUrl: url.toString(), dataDir: handle.dataDir });
  setDbHandle(ro);
  try {
    return await work();
  } finally {
    setDbHandle(handle);
    await ro.close();
  }
}

async function channel(m: Member): Promise<string> {
  const res = await chatApi(m.client).create({ kind: 'channel', name: `Down ${Date.now().toString(36)}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.conversation.id;
}

describe('a database that refuses writes', () => {
  it('a chat message answers 503 with the translated code and Retry-After; reads still answer', async () => {
    const m = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channel(m);
    const api = chatApi(m.client);
    await readOnly(async () => {
      const sent = await api.send(id, 'while read-only');
      expect(sent.status, JSON.stringify(sent.body)).toBe(503);
      expect(sent.body).toEqual({ message: en.api.databaseUnavailable, data: { fields: {} } });
      expect(sent.headers.get('retry-after')).toBe('5');
      const spanish = await m.client.call((await import('@/app/api/chats/conversations/[id]/messages/route')).POST, `/api/chats/conversations/${id}/messages`, {
        json: { body: 'mientras tanto' },
        headers: { 'accept-language': 'es' },
        params: { id },
      });
      expect(spanish.status).toBe(503);
      expect(spanish.body.message).toBe(es.api.databaseUnavailable);
      expect((await api.messages(id)).status).toBe(200);
    });
    const after = await api.send(id, 'writable again');
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  });
});

// Every route, found from the route files as the authorization matrix finds them, called as
// its matrix case calls it with the access it declares.
const apiDir = path.resolve(import.meta.dirname, '../../app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Handler = ((req: never, ctx?: never) => Promise<Response>) & { access?: RouteAccess };
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return routeFiles(full);
    return d.name === 'route.ts' ? [path.relative(apiDir, full).split(path.sep).join('/')] : [];
  });
}
const casesDir = path.join(import.meta.dirname, 'matrix/cases');
const cases = new Map<string, MatrixCase>();
for (const f of readdirSync(casesDir).filter((n) => n.endsWith('.ts')))
  for (const c of ((await import(path.join(casesDir, f))) as { cases: MatrixCase[] }).cases) cases.set(`${c.method} ${c.file}`, c);
const endpoints: { key: string; handler: Handler; c: MatrixCase }[] = [];
for (const file of routeFiles(apiDir).sort()) {
  const mod = (await import(path.join(apiDir, file))) as Record<string, unknown>;
  for (const method of METHODS) {
    const c = cases.get(`${method} ${file}`);
    if (typeof mod[method] === 'function' && c) endpoints.push({ key: `${method} ${file}`, handler: mod[method] as Handler, c });
  }
}

describe('a database that is gone', () => {
  it('every API route answers 503 databaseUnavailable; health says so; a socket closes with 1011, not the final 1008', async () => {
    expect(endpoints.length).toBeGreaterThan(40);
    // Each call is made ready (its caller, the objects it names) while the database is up.
    const ready: { key: string; handler: Handler; caller: Member; spec: CallSpec }[] = [];
    for (const e of endpoints) {
      const access = e.handler.access!;
      const declared = access.mode === 'some' ? access.permissions.slice(0, 1) : access.permissions;
      const caller = access.root
        ? await w.signedIn({ root: true })
        : access.connected
          ? await w.memberOf('A', [...declared, ...(e.c.extra ?? [])])
          : await w.signedIn();
      ready.push({ key: e.key, handler: e.handler, caller, spec: await e.c.request(w, 'A', caller) });
    }
    const bus = memoryPubSub();
    const sockets = await socketServer(bus);
    const socketCaller = await w.memberOf('A', ['CHATS__TEAM']);
    const ticket = await ticketFor(socketCaller.client);

    await handle.close(); // every query from here on fails as a lost database does

    for (const r of ready) {
      const started = performance.now();
      const res = await r.caller.client.call(r.handler as never, r.spec.path, {
        method: r.spec.method ?? r.key.split(' ')[0],
        json: r.spec.json,
        body: r.spec.body,
        headers: r.spec.headers,
        params: r.spec.params,
      });
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body.message, r.key).toBe(en.api.databaseUnavailable);
      expect(performance.now() - started, r.key).toBeLessThan(5_000);
    }
    const down = await health(new (await import('next/server')).NextRequest('http://localhost/api/health'));
    expect(down.status).toBe(503);
    expect((await down.json()).database).toMatchObject({ ok: false, read: false, write: false });

    const socket = openSocket(sockets.url(ticket), sockets.origin);
    expect((await socket.closed).code).toBe(1011);
    await sockets.close();
    await bus.close();
  });
});
