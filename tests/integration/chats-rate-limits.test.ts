import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as messagesRoute from '@/app/api/chats/conversations/[id]/messages/route';
import * as supportMessages from '@/app/api/chats/support/[id]/messages/route';
import { chatMessages } from '@/lib/chats/tables';
import { LIMITS, hit, peek } from '@/lib/http/rate-limit';
import en from '@/messages/en.json';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import type { FilePart } from './helpers/http';
import { streamedForm, streamedRequest } from './helpers/streams';
import { setupWorld, type Member } from './matrix/world';

// Issue 13, item 11: how fast and how much one user may send through the chat, counted
// before a body is read, the same for staff in a channel and a customer asking support.

const w = setupWorld();
const bus = setupChatBus();
const KB = 1024;

const api = (m: Member) => chatApi(m.client);
const notes = (size: number): FilePart => ({ bytes: new Uint8Array(size).fill(0x61), type: 'text/plain', name: 'notes.txt' });
let n = 0;
async function channel(owner: Member) {
  return (await api(owner).create({ kind: 'channel', name: `Limits ${(n += 1)}` })).body.data.conversation.id as string;
}
async function messageCount(userId: string) {
  const [row] = await w.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.authorId, userId));
  return row.n;
}
function storedFiles(): number {
  const dir = path.join(bus.uploadDir, 'chats');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.includes('~')).length : 0;
}
const volumeKey = (userId: string) => `chatUploadKilobytes:${userId}`;
const volumeUsed = async (userId: string) => (await peek(w.db, volumeKey(userId), LIMITS.chatUploadKilobytes)).points;

/** Sends the limit's worth of messages, then one more: that one must be refused. */
async function flood(send: (body: string) => Promise<{ status: number; headers: Headers; body: { message: string } }>) {
  for (let i = 1; i <= LIMITS.chatMessages.points; i += 1) {
    const res = await send(`message ${i}`);
    expect(res.status, `message ${i}`).toBe(201);
  }
  return send('one too many');
}

describe('chat message limits', () => {
  it('refuses the 61st message in a minute with 429, Retry-After and a translated reason; edits and other users go on', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const b = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channel(a);
    const refused = await flood((body) => api(a).send(id, body));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.message).toBe(en.api.chatsTooManyMessages.replace('{retryAfter}', String(retryAfter)));
    expect(await messageCount(a.userId)).toBe(LIMITS.chatMessages.points);
    // A file would not get through either, and its body is not read.
    const { body, progress } = streamedForm({ body: 'with a file' }, 'file_0', 'x.txt', 100 * KB);
    const req = streamedRequest(`/api/chats/conversations/${id}/messages`, body, { client: a.client });
    expect((await messagesRoute.POST(req, { params: Promise.resolve({ id }) })).status).toBe(429);
    expect(progress.pulled).toBe(0);

    const [last] = await w.db.select().from(chatMessages).where(eq(chatMessages.authorId, a.userId)).limit(1);
    expect((await api(a).edit(last.id, 'edited')).status).toBe(200);
    expect((await api(b).send(id, 'still here')).status).toBe(201);
  });

  it('counts text sent together exactly: of a burst past the limit, the limit’s worth is saved and each one after refused', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channel(a);
    const limit = LIMITS.chatMessages.points;
    // Plain JSON text, as the socket's fallback sends it: counted as each batch is committed.
    const burst = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) =>
        a.client.call(messagesRoute.POST, `/api/chats/conversations/${id}/messages`, { json: { body: `burst ${i}` }, params: { id } }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = burst.find((r) => r.status === 429)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(refused.body.message).toBe(en.api.chatsTooManyMessages.replace('{retryAfter}', String(retryAfter)));
    expect(await messageCount(a.userId)).toBe(limit);
    // The window is full for every path: a file is refused before its body is read.
    expect((await api(a).send(id, 'and a file')).status).toBe(429);
  });

  it('holds a customer in their support conversation, who has no chat permission, to the same limit', async () => {
    const customer = await w.memberOf('A', []);
    const ticket = (await api(customer).openSupport(w.project.A.id)).body.data.conversation.id as string;
    const refused = await flood((body) => api(customer).supportSend(ticket, body));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await messageCount(customer.userId)).toBe(LIMITS.chatMessages.points);
  });

  it('refuses an upload past 200 MB an hour by its declared length, before reading it, and gives the reservation back', async () => {
    const customer = await w.memberOf('A', []);
    const ticket = (await api(customer).openSupport(w.project.A.id)).body.data.conversation.id as string;
    // As if most of the hour's volume had been sent already.
    await hit(w.db, volumeKey(customer.userId), LIMITS.chatUploadKilobytes, LIMITS.chatUploadKilobytes.points - 100);
    const before = { used: await volumeUsed(customer.userId), messages: await messageCount(customer.userId), files: storedFiles() };

    const { body, progress } = streamedForm({ body: 'big' }, 'file_0', 'big.txt', 200 * KB);
    const req = streamedRequest(`/api/chats/support/${ticket}/messages`, body, { client: customer.client, contentLength: 200 * KB + 400 });
    const res = await supportMessages.POST(req, { params: Promise.resolve({ id: ticket }) });
    expect(res.status).toBe(429);
    const answer = await res.json();
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(answer.message).toBe(en.api.chatsUploadVolume.replace('{minutes}', String(Math.ceil(retryAfter / 60))));
    expect(progress.pulled).toBe(0);
    expect({ used: await volumeUsed(customer.userId), messages: await messageCount(customer.userId), files: storedFiles() }).toEqual(before);

    // Sent without a declared length, it is measured as it arrives and refused all the same.
    const unsized = await api(customer).supportSend(ticket, messageForm('big', [notes(200 * KB)]));
    expect(unsized.status).toBe(429);
    expect(await messageCount(customer.userId)).toBe(before.messages);
    expect(storedFiles()).toBe(before.files);

    // What still fits goes.
    await hit(w.db, volumeKey(customer.userId), LIMITS.chatUploadKilobytes, -1000);
    expect((await api(customer).supportSend(ticket, messageForm('small', [notes(50 * KB)]))).status).toBe(201);
  });

  it('charges the bytes that arrived, also for an upload it then refuses', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channel(a);
    expect((await api(a).send(id, messageForm('some', [notes(300 * KB)]))).status).toBe(201);
    const charged = await volumeUsed(a.userId);
    expect(charged).toBeGreaterThanOrEqual(300);
    expect(charged).toBeLessThan(302);
    const tooLarge = await api(a).send(id, messageForm('huge', [notes(10 * 1024 * KB + 1)]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.data.fields).toHaveProperty('file_0');
    expect(await volumeUsed(a.userId)).toBeGreaterThan(charged + 10 * 1024 - 100);
  });
});
