import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './browser';
import { startStack, type Stack } from './stack';

// `npm run test:deploy`: the deployment recipe as a self-hoster runs it (deploy/), every call
// through nginx. Needs PostgreSQL, the bucket and nginx: see scripts/test-deploy.ts.

type Sent = { data: { message: { id: string; attachments: { url: string }[] } } };
type Live = { conversationId: string; message: { body: string } };

let stack: Stack;
let owner: Browser;
let general: string;

beforeAll(async () => {
  stack = await startStack();
  owner = new Browser(stack.origin);
  await owner.signIn('owner@demo.test', stack.demoPassword());
  const list = await (await owner.call('GET', '/api/chats/conversations?kind=team')).json<{ data: { conversations: { id: string; title: string }[] } }>();
  general = list.data.conversations.find((c) => c.title === 'general')!.id;
}, 240_000);
afterAll(async () => stack?.stop());

/**
 * `n` calls of the same GET; the answers' statuses and the instances that gave them (nginx
 * lists every upstream it tried: the last one answered).
 */
async function spread(browser: Browser, path: string, n = 6) {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await browser.call('GET', path));
  return { statuses: new Set(answers.map((a) => a.status)), upstreams: new Set(answers.map((a) => a.upstream.split(', ').at(-1))) };
}

const upstreams = () => new Set(stack.instances.map((i) => stack.upstream(i)));

function messageForm(body: string, file?: { name: string; text: string }): FormData {
  const form = new FormData();
  form.set('json', JSON.stringify({ body }));
  if (file) form.append('file_0', new Blob([file.text], { type: 'text/plain' }), file.name);
  return form;
}

describe('two instances behind nginx', () => {
  it('keeps a signed-in person signed in whichever instance answers', async () => {
    const { statuses, upstreams: seen } = await spread(owner, '/api/chats/unread');
    expect(statuses).toEqual(new Set([200]));
    expect(seen).toEqual(upstreams());
  });

  it('stores an upload through one instance and serves it from both', async () => {
    const text = `release notes ${Date.now()}\n`;
    const sent = await owner.call('POST', `/api/chats/conversations/${general}/messages`, messageForm('the notes', { name: 'notes.txt', text }));
    expect(sent.status).toBe(201);
    const [attachment] = (await sent.json<Sent>()).data.message.attachments;
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const file = await owner.call('GET', new URL(attachment.url, stack.origin).pathname);
      expect(file.status).toBe(200);
      expect((await file.bytes()).toString()).toBe(text);
      seen.add(file.upstream);
    }
    expect(seen).toEqual(upstreams());
  });

  it('delivers a chat message to sockets on both instances', async () => {
    const sockets = [];
    for (let i = 0; i < 6 && new Set(sockets.map((s) => s.upstream)).size < 2; i++) {
      sockets.push(await owner.socket());
      // Round-robin alternates per request, and a socket takes two (its ticket, its upgrade):
      // one more call lands the next upgrade on the other instance.
      await owner.call('GET', '/api/health');
    }
    const body = `live ${Date.now()}`;
    expect((await owner.call('POST', `/api/chats/conversations/${general}/messages`, messageForm(body))).status).toBe(201);
    for (const s of sockets) expect((await s.next<Live>('chat:message', (d) => d.message.body === body)).conversationId).toBe(general);
    for (const s of sockets) s.ws.close();
  });

  it('refuses a signed-out session on the very next call, on both instances', async () => {
    const device = new Browser(stack.origin);
    await device.signIn('owner@demo.test', stack.demoPassword());
    const copy = device.clone();
    expect((await spread(copy, '/api/chats/unread')).statuses).toEqual(new Set([200]));
    expect((await device.call('POST', '/api/auth/logout', {})).status).toBe(200);
    const after = await spread(copy, '/api/chats/unread');
    expect(after.statuses).toEqual(new Set([401]));
    expect(after.upstreams).toEqual(upstreams());
  });

  it('answers a kept dashboard from either instance only until a change made through one of them', async () => {
    const device = new Browser(stack.origin);
    await device.signIn('owner@demo.test', stack.demoPassword());
    const loads = async (n: number) => {
      const seen = [];
      for (let i = 0; i < n; i++) {
        const page = await device.call('GET', '/dashboard');
        expect(page.status).toBe(200);
        seen.push({ kept: page.headers.get('x-page-cache') === 'HIT', upstream: page.upstream.split(', ').at(-1), html: (await page.bytes()).toString() });
      }
      return seen;
    };
    // The first render on each instance reads the database; the next ones are answered from memory.
    expect(new Set((await loads(10)).filter((l) => l.kept).map((l) => l.upstream))).toEqual(upstreams());
    const rename = (name: string) => {
      const form = new FormData();
      form.set('json', JSON.stringify({ name, email: 'owner@demo.test', timeZone: 'UTC' }));
      return device.call('POST', '/api/auth/accountGeneral', form);
    };
    try {
      expect((await rename('Olivia Kept')).status).toBe(200);
      const after = await loads(4);
      expect(new Set(after.map((l) => l.upstream))).toEqual(upstreams());
      for (const l of after) expect(l.html).toContain('Welcome, Olivia Kept');
    } finally {
      expect((await rename('Olivia Owner')).status).toBe(200);
    }
  });

  it('loses no acknowledged write when one instance stops mid-run, and the other keeps serving', async () => {
    const [stopped, survivor] = stack.instances;
    const acknowledged: string[] = [];
    let refused = 0;
    let stopAt = 0;
    for (let i = 0; i < 40; i++) {
      if (i === 10) {
        stopped.child.kill('SIGTERM');
        stopAt = i;
      }
      const res = await owner.call('POST', `/api/chats/conversations/${general}/messages`, messageForm(`write ${i}`));
      if (res.status === 201) acknowledged.push((await res.json<Sent>()).data.message.id);
      else refused += 1;
    }
    await new Promise((resolve) => (stopped.child.exitCode !== null ? resolve(null) : stopped.child.once('exit', resolve)));
    expect(stopAt).toBe(10);
    // A write in flight at the stop may be refused (nginx does not repeat a POST); never more.
    expect(refused).toBeLessThanOrEqual(1);
    const later = await spread(owner, '/api/chats/unread', 4);
    expect(later.statuses).toEqual(new Set([200]));
    expect(later.upstreams).toEqual(new Set([stack.upstream(survivor)]));
    const listed = await (await owner.call('GET', `/api/chats/conversations/${general}/messages?limit=100`)).json<{ data: { messages: { id: string }[] } }>();
    const stored = new Set(listed.data.messages.map((m) => m.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
