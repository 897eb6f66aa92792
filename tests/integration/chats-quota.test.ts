import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as rootProject from '@/app/api/root/projects/[id]/route';
import * as rootUser from '@/app/api/root/users/[id]/route';
import * as messagesRoute from '@/app/api/chats/conversations/[id]/messages/route';
import * as settings from '@/app/api/settings/route';
import { chatMessages } from '@/lib/chats/tables';
import { resetEnv } from '@/lib/env';
import { storageOf } from '@/lib/quotas/service';
import en from '@/messages/en.json';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import type { FilePart } from './helpers/http';
import { streamedForm, streamedRequest } from './helpers/streams';
import { buildWorld, setupWorld, type Member, type World } from './matrix/world';

// Issue 13, item 11: what a project and each user hold in chat attachments is counted in
// the database and bounded by the configured quotas, for staff and customers alike.

const w = setupWorld();
const bus = setupChatBus();
const KB = 1024;
const MB = 1024 * KB;

function quotas(projectMb: number, userMb: number) {
  process.env.STORAGE_QUOTA_PROJECT_MB = String(projectMb);
  process.env.STORAGE_QUOTA_USER_MB = String(userMb);
  resetEnv();
}
afterAll(() => {
  delete process.env.STORAGE_QUOTA_PROJECT_MB;
  delete process.env.STORAGE_QUOTA_USER_MB;
  resetEnv();
});

const api = (m: Member) => chatApi(m.client);
const notes = (size: number, name = 'notes.txt'): FilePart => ({ bytes: new Uint8Array(size).fill(0x61), type: 'text/plain', name });
let n = 0;
/** Two fresh projects, so each test starts from empty storage. */
const freshWorld = () => buildWorld(w.db);
async function channel(world: World, owner?: Member) {
  const a = owner ?? (await world.memberOf('A', ['CHATS__TEAM']));
  const id = (await api(a).create({ kind: 'channel', name: `Quota ${(n += 1)}` })).body.data.conversation.id as string;
  return { a, id };
}
function storedFiles(): number {
  const dir = path.join(bus.uploadDir, 'chats');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.includes('~')).length : 0;
}
async function state(projectId: string, userId: string) {
  const [messages] = await w.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.projectId, projectId));
  return {
    messages: messages.n,
    files: storedFiles(),
    project: (await storageOf(w.db, 'project', projectId)).used,
    user: (await storageOf(w.db, 'user', userId)).used,
  };
}
const fill = (template: string, values: Record<string, string>) => Object.entries(values).reduce((t, [k, v]) => t.replace(`{${k}}`, v), template);

describe('storage quotas', () => {
  it('refuses an upload past the user’s quota before reading it, saying how much is left, and stores nothing', async () => {
    quotas(100, 1);
    const world = await freshWorld();
    const { a, id } = await channel(world);
    const first = await api(a).send(id, messageForm('first', [notes(600 * KB)]));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await state(world.project.A.id, a.userId);
    expect([before.project, before.user]).toEqual([600 * KB, 600 * KB]);

    const again = await api(a).send(id, messageForm('second', [notes(600 * KB)]));
    expect(again.status).toBe(413);
    expect(again.body.message).toBe(fill(en.api.storageQuotaUser, { left: '424.00 KB', quota: '1.00 MB' }));
    expect(again.body.data).toMatchObject({ scope: 'user', leftBytes: 424 * KB, quotaBytes: MB });
    expect(await state(world.project.A.id, a.userId)).toEqual(before);

    // Refused on its declared length: not one byte of the body was pulled.
    const { body, progress } = streamedForm({ body: 'third' }, 'file_0', 'more.txt', 600 * KB);
    const req = streamedRequest(`/api/chats/conversations/${id}/messages`, body, { client: a.client, contentLength: 600 * KB + 400 });
    const res = await messagesRoute.POST(req, { params: Promise.resolve({ id }) });
    expect(res.status).toBe(413);
    expect(progress.pulled).toBe(0);

    // Text still goes: it takes no storage.
    expect((await api(a).send(id, 'just words')).status).toBe(201);
  });

  it('checks exactly after storing: a file that fits the early check but not the quota is undone and removed', async () => {
    quotas(100, 1);
    const world = await freshWorld();
    const { a, id } = await channel(world);
    expect((await api(a).send(id, messageForm('', [notes(600 * KB)]))).status).toBe(201);
    const before = await state(world.project.A.id, a.userId);
    // 10 KB more than is left: within the framing allowance of the early check.
    const res = await api(a).send(id, messageForm('over', [notes(434 * KB)]));
    expect(res.status).toBe(413);
    expect(res.body.data).toMatchObject({ scope: 'user', leftBytes: 424 * KB });
    expect(await state(world.project.A.id, a.userId)).toEqual(before);
    // Exactly what is left fits.
    expect((await api(a).send(id, messageForm('exact', [notes(424 * KB)]))).status).toBe(201);
    expect((await storageOf(w.db, 'user', a.userId)).used).toBe(MB);
  });

  it('fills to the byte: one byte more than is left is refused, exactly what is left fits, then one more byte is refused', async () => {
    quotas(100, 1);
    const world = await freshWorld();
    const { a, id } = await channel(world);
    expect((await api(a).send(id, messageForm('', [notes(600 * KB)]))).status).toBe(201);
    const left = MB - 600 * KB;
    const before = await state(world.project.A.id, a.userId);
    const over = await api(a).send(id, messageForm('one byte over', [notes(left + 1)]));
    expect(over.status).toBe(413);
    expect(over.body.data).toMatchObject({ scope: 'user', leftBytes: left, quotaBytes: MB });
    expect(await state(world.project.A.id, a.userId)).toEqual(before);

    expect((await api(a).send(id, messageForm('to the byte', [notes(left)]))).status).toBe(201);
    const full = await state(world.project.A.id, a.userId);
    expect(full.user).toBe(MB);
    const byte = await api(a).send(id, messageForm('one more byte', [notes(1)]));
    expect(byte.status).toBe(413);
    expect(byte.body.message).toBe(fill(en.api.storageQuotaUser, { left: '0 B', quota: '1.00 MB' }));
    expect(byte.body.data).toMatchObject({ scope: 'user', leftBytes: 0, quotaBytes: MB });
    expect(await state(world.project.A.id, a.userId)).toEqual(full);
  });

  it('bounds the project as a whole, whoever uploads', async () => {
    quotas(1, 100);
    const world = await freshWorld();
    const { a, id } = await channel(world);
    const b = await world.memberOf('A', ['CHATS__TEAM']);
    expect((await api(a).send(id, messageForm('', [notes(700 * KB)]))).status).toBe(201);
    const before = await state(world.project.A.id, b.userId);
    const res = await api(b).send(id, messageForm('', [notes(500 * KB)]));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(fill(en.api.storageQuotaProject, { left: '324.00 KB', quota: '1.00 MB' }));
    expect(await state(world.project.A.id, b.userId)).toEqual(before);
    // The other project is untouched by A's usage.
    const other = await channel(world, await world.memberOf('B', ['CHATS__TEAM']));
    expect((await api(other.a).send(other.id, messageForm('', [notes(700 * KB)]))).status).toBe(201);
  });

  it('gives the space back when a message is deleted', async () => {
    quotas(100, 1);
    const world = await freshWorld();
    const { a, id } = await channel(world);
    const sent = await api(a).send(id, messageForm('big', [notes(600 * KB), notes(300 * KB, 'b.txt')]));
    expect((await state(world.project.A.id, a.userId)).user).toBe(900 * KB);
    expect((await api(a).send(id, messageForm('', [notes(600 * KB)]))).status).toBe(413);
    expect((await api(a).remove(sent.body.data.message.id)).status).toBe(200);
    expect(await state(world.project.A.id, a.userId)).toMatchObject({ project: 0, user: 0 });
    expect((await api(a).send(id, messageForm('', [notes(600 * KB)]))).status).toBe(201);
  });

  it('lets parallel uploads of one user take turns: together they never pass the quota', async () => {
    quotas(100, 1);
    const world = await freshWorld();
    const { a, id } = await channel(world);
    const before = await state(world.project.A.id, a.userId);
    // Each fits what is left on its own; five together do not.
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => api(a).send(id, messageForm(`p${i}`, [notes(300 * KB)]))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413]);
    expect(await state(world.project.A.id, a.userId)).toEqual({
      messages: before.messages + 3,
      files: before.files + 3,
      project: 900 * KB,
      user: 900 * KB,
    });
  });

  it('holds a customer writing to support, without any chat permission, to the same quota', async () => {
    quotas(100, 1);
    const world = await freshWorld();
    const customer = await world.memberOf('A', []);
    const ticket = (await api(customer).openSupport(world.project.A.id)).body.data.conversation.id as string;
    expect((await api(customer).supportSend(ticket, messageForm('screenshot', [notes(900 * KB)]))).status).toBe(201);
    const before = await state(world.project.A.id, customer.userId);
    const res = await api(customer).supportSend(ticket, messageForm('another', [notes(300 * KB)]));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(fill(en.api.storageQuotaUser, { left: '124.00 KB', quota: '1.00 MB' }));
    expect(await state(world.project.A.id, customer.userId)).toEqual(before);
  });

  it('shows usage against the quota in the project’s settings and root’s project and user pages', async () => {
    quotas(3, 2);
    const world = await freshWorld();
    const { a, id } = await channel(world, await world.memberOf('A', ['CHATS__TEAM', 'SETTINGS__UPDATE']));
    expect((await api(a).send(id, messageForm('', [notes(512 * KB)]))).status).toBe(201);
    const usage = { project: { used: 512 * KB, quota: 3 * MB }, user: { used: 512 * KB, quota: 2 * MB } };

    const own = await a.client.call(settings.GET, '/api/settings', { method: 'GET' });
    expect(own.body.settings.storage).toEqual(usage.project);
    const root = (await w.signedIn({ root: true })).client;
    const projectId = world.project.A.id;
    const project = await root.call(rootProject.GET, `/api/root/projects/${projectId}`, { method: 'GET', params: { id: projectId } });
    expect(project.body.data.storage).toEqual(usage.project);
    const user = await root.call(rootUser.GET, `/api/root/users/${a.userId}`, { method: 'GET', params: { id: a.userId } });
    expect(user.body.data.storage).toEqual(usage.user);
  });
});
