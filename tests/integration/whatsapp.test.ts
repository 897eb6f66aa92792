import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '@/lib/chats/types';
import { auditLog } from '@/lib/audit/tables';
import { chatMessages } from '@/lib/chats/tables';
import { projects } from '@/lib/projects/tables';
import { unseal } from '@/lib/whatsapp/secrets';
import { whatsappAccounts, whatsappContacts, whatsappMessages } from '@/lib/whatsapp/tables';
import { settled } from '@/lib/whatsapp/tasks';
import { chatApi, setupChatBus } from './helpers/chats';
import { deliver, delivery, handshake, setupFakeGraph, statusOf, whatsappApi } from './helpers/whatsapp';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
const bus = setupChatBus();
const graph = setupFakeGraph();

const PHONE_A = '1000000001';
const PHONE_B = '1000000002';
const SECRET_A = 'app-secret-of-a';
const creds = (phoneNumberId: string, extra: Record<string, string> = {}) => ({
  phoneNumberId,
  wabaId: '2000000001',
  accessToken: 'EAAG-token',
  appSecret: SECRET_A,
  verifyToken: `verify-${phoneNumberId}`,
  ...extra,
});

let admin: Member;
let staff: Member;
async function ready() {
  admin ??= await w.memberOf('A', ['EXTENSIONS__WHATSAPP_API']);
  staff ??= await w.memberOf('A', ['CHATS__SUPPORT']);
  const [row] = await w.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, w.project.A.id));
  if (!row) expect((await whatsappApi(admin.client).save(creds(PHONE_A))).status).toBe(200);
}

async function conversationOf(waId: string) {
  const [contact] = await w.db
    .select()
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.projectId, w.project.A.id), eq(whatsappContacts.waId, waId)));
  return contact;
}
async function messagesOf(conversationId: string): Promise<MessageView[]> {
  const res = await chatApi(staff.client).messages(conversationId);
  expect(res.status).toBe(200);
  return res.body.data.messages;
}

describe('credentials', () => {
  it('are saved per project, secrets sealed and never returned, an empty secret kept', async () => {
    const api = whatsappApi((await w.memberOf('B', ['EXTENSIONS__WHATSAPP_API'])).client);
    const empty = await api.settings();
    expect(empty.status).toBe(200);
    expect(empty.body.settings).toMatchObject({ phoneNumberId: '', accessTokenSet: false, appSecretSet: false, verifyTokenSet: false });
    expect(empty.body.settings.webhookUrl).toMatch(/\/api\/webhooks\/whatsapp$/);

    const saved = await api.save(creds(PHONE_B, { appSecret: 'secret-b' }));
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ phoneNumberId: PHONE_B, accessTokenSet: true, appSecretSet: true, verifyTokenSet: true });
    expect(JSON.stringify(saved.body)).not.toContain('EAAG-token');
    expect(JSON.stringify((await api.settings()).body)).not.toContain('secret-b');

    const [row] = await w.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, w.project.B.id));
    expect(row.accessToken).not.toContain('EAAG');
    expect(unseal(row.accessToken)).toBe('EAAG-token');

    // Ids only: the secrets stay as they were.
    expect((await api.save({ phoneNumberId: PHONE_B, wabaId: '3000000003', accessToken: '' })).status).toBe(200);
    const [after] = await w.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, w.project.B.id));
    expect(after.wabaId).toBe('3000000003');
    expect(unseal(after.appSecret)).toBe('secret-b');

    // Audited: the ids and which secrets changed, never a secret itself.
    const entries = await w.db.select().from(auditLog).where(eq(auditLog.projectId, w.project.B.id)).orderBy(auditLog.createdAt);
    expect(entries.map((e) => e.data)).toEqual([
      { whatsapp: { phoneNumberId: PHONE_B, wabaId: '2000000001', secretsReplaced: ['accessToken', 'appSecret', 'verifyToken'] } },
      { whatsapp: { phoneNumberId: PHONE_B, wabaId: '3000000003', secretsReplaced: [] } },
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-b');
  });

  it('refuses bad input with field errors in the caller’s language, changing nothing', async () => {
    await ready();
    const api = whatsappApi(admin.client);
    const bad = await admin.client.call((await import('@/app/api/whatsapp/settings/route')).PUT, '/api/whatsapp/settings', {
      method: 'PUT',
      json: { phoneNumberId: 'abc', wabaId: '', accessToken: 'x'.repeat(1025) },
      headers: { 'accept-language': 'es' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['accessToken', 'phoneNumberId', 'wabaId']);
    expect(bad.body.data.fields.wabaId).toMatch(/obligatorio/i);
    expect((await api.settings()).body.settings.phoneNumberId).toBe(PHONE_A);

    // Another project's number would make deliveries ambiguous.
    const taken = await api.save(creds(PHONE_B));
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields).toHaveProperty('phoneNumberId');
  });
});

describe('webhook handshake', () => {
  it('echoes the raw challenge as text for a live project’s verify token, else 403', async () => {
    await ready();
    const ok = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': 'abc-123_x' });
    expect(ok).toEqual({ status: 200, type: 'text/plain; charset=utf-8', text: 'abc-123_x' });
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.challenge': '1' })).status).toBe(403);

    // The extension off: its token no longer answers.
    const [p] = await w.db.select({ extensions: projects.extensions }).from(projects).where(eq(projects.id, w.project.A.id));
    await w.db.update(projects).set({ extensions: [] }).where(eq(projects.id, w.project.A.id));
    try {
      expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': '1' })).status).toBe(403);
    } finally {
      await w.db.update(projects).set({ extensions: p.extensions }).where(eq(projects.id, w.project.A.id));
    }
  });
});

describe('inbound deliveries', () => {
  it('refuse a missing, wrong or other-secret signature, storing nothing', async () => {
    await ready();
    const body = delivery(PHONE_A, [{ from: '5491100000001', name: 'Mallory', text: 'forged' }]);
    expect(await deliver(body, null)).toBe(403);
    expect(await deliver(body, 'not-the-secret')).toBe(403);
    expect(await deliver(body, null, 'sha256=zz')).toBe(403);
    // Signed over other bytes than those sent.
    expect(await deliver(JSON.stringify(body) + ' ', null, (await import('@/lib/whatsapp/secrets')).signatureOf(JSON.stringify(body), SECRET_A))).toBe(403);
    // A phone number no live project has.
    expect(await deliver(delivery('999', [{ from: '5491100000001' }]), SECRET_A)).toBe(403);
    expect(await deliver('not json', SECRET_A)).toBe(400);
    expect(await conversationOf('5491100000001')).toBeUndefined();
  });

  it('turn a batch into support conversations staff see, once per message id, in the project the number belongs to', async () => {
    await ready();
    await bus.take();
    const batch = delivery(PHONE_A, [
      { from: '5491100000002', name: 'Ana Pérez', id: 'wamid.BATCH1', text: 'Hola, ¿tienen turno?' },
      { from: '5491100000003', name: 'Bruno', id: 'wamid.BATCH2', text: 'Hi there' },
      { from: '5491100000002', name: 'Ana Pérez', id: 'wamid.BATCH3', text: 'Es urgente' },
    ]);
    expect(await deliver(batch, SECRET_A)).toBe(200);
    // Meta redelivers until it gets a 200: the same ids add nothing.
    expect(await deliver(batch, SECRET_A)).toBe(200);

    const ana = await conversationOf('5491100000002');
    expect(ana.name).toBe('Ana Pérez');
    expect((await messagesOf(ana.conversationId)).map((m) => [m.body, m.author])).toEqual([
      ['Hola, ¿tienen turno?', null],
      ['Es urgente', null],
    ]);
    const list = await chatApi(staff.client).list({ kind: 'support' });
    const listed = list.body.data.conversations.find((c: ConversationView) => c.id === ana.conversationId);
    expect(listed).toMatchObject({ kind: 'support', status: 'open', title: 'Ana Pérez (+5491100000002)', customer: null });
    expect(listed.lastMessage.body).toBe('Es urgente');

    const events = await bus.take();
    expect(events.filter((e) => e.e === 'chat:conversation')).toHaveLength(2);
    expect(events.filter((e) => e.e === 'chat:message')).toHaveLength(3);

    // Staff of project B see none of it.
    const other = await w.memberOf('B', ['CHATS__SUPPORT']);
    expect((await chatApi(other.client).messages(ana.conversationId)).status).toBe(404);
    expect((await whatsappApi(other.client).conversation(ana.conversationId)).status).toBe(404);

    const side = await whatsappApi(staff.client).conversation(ana.conversationId);
    expect(side.status).toBe(200);
    expect(side.body.data).toMatchObject({ contact: { name: 'Ana Pérez', waId: '5491100000002' }, windowOpen: true, timeZone: 'UTC' });
    expect(Object.values(side.body.data.messages)).toEqual([
      { direction: 'in', status: 'received', errorCode: null, errorText: null },
      { direction: 'in', status: 'received', errorCode: null, errorText: null },
    ]);
  });
});

describe('staff replies', () => {
  async function replyTo(waId: string, body: string) {
    const contact = await conversationOf(waId);
    const res = await chatApi(staff.client).send(contact.conversationId, body);
    return { res, contact };
  }
  async function linkOf(chatMessageId: string) {
    const [row] = await w.db.select().from(whatsappMessages).where(eq(whatsappMessages.chatMessageId, chatMessageId));
    return row;
  }

  it('go out through the Graph API, then follow the statuses Meta reports (never backwards)', async () => {
    await ready();
    expect(await deliver(delivery(PHONE_A, [{ from: '5491100000010', name: 'Carla' }]), SECRET_A)).toBe(200);
    graph.calls = [];
    const { res, contact } = await replyTo('5491100000010', 'We open at 9.');
    expect(res.status).toBe(201);
    await settled();
    expect(graph.sends()).toHaveLength(1);
    const [call] = graph.sends();
    expect(call.path).toBe(`/${PHONE_A}/messages`);
    expect(call.auth).toBe('Bearer EAAG-token');
    expect(call.body).toMatchObject({ messaging_product: 'whatsapp', to: '5491100000010', type: 'text', text: { body: 'We open at 9.' } });

    const link = await linkOf(res.body.data.message.id);
    expect(link).toMatchObject({ direction: 'out', status: 'sent' });
    const wamid = link.waMessageId!;

    await bus.take();
    expect(await deliver(delivery(PHONE_A, [], [statusOf(wamid, 'read')]), SECRET_A)).toBe(200);
    expect(await deliver(delivery(PHONE_A, [], [statusOf(wamid, 'delivered')]), SECRET_A)).toBe(200);
    expect((await linkOf(res.body.data.message.id)).status).toBe('read');
    expect((await bus.take('whatsapp:status'))[0]).toMatchObject({ d: { conversationId: contact.conversationId } });

    const view = await whatsappApi(staff.client).conversation(contact.conversationId);
    expect(view.body.data.messages[res.body.data.message.id]).toMatchObject({ direction: 'out', status: 'read' });
  });

  it('record a failure with Meta’s code (131047: the window closed)', async () => {
    await ready();
    const { res } = await replyTo('5491100000010', 'Are you there?');
    await settled();
    const wamid = (await linkOf(res.body.data.message.id)).waMessageId!;
    const error = { code: 131047, title: 'Re-engagement message' };
    expect(await deliver(delivery(PHONE_A, [], [statusOf(wamid, 'failed', error)]), SECRET_A)).toBe(200);
    expect(await linkOf(res.body.data.message.id)).toMatchObject({ status: 'failed', errorCode: 131047, errorText: 'Re-engagement message' });
  });

  it('are retried with backoff on 5xx and network errors, not on 4xx', async () => {
    await ready();
    graph.calls = [];
    graph.sendReplies = [
      { status: 503, json: { error: { code: 1, message: 'busy' } } },
      'drop',
      { status: 200, json: { messages: [{ id: 'wamid.RETRIED' }] } },
    ];
    const first = await replyTo('5491100000010', 'third time lucky');
    await settled();
    expect(graph.sends()).toHaveLength(3);
    expect(await linkOf(first.res.body.data.message.id)).toMatchObject({ status: 'sent', waMessageId: 'wamid.RETRIED' });

    graph.calls = [];
    graph.sendReplies = [
      { status: 400, json: { error: { code: 131026, message: 'Message undeliverable', error_data: { details: 'Receiver is incapable' } } } },
    ];
    const second = await replyTo('5491100000010', 'refused');
    await settled();
    expect(graph.sends()).toHaveLength(1);
    expect(await linkOf(second.res.body.data.message.id)).toMatchObject({ status: 'failed', errorCode: 131026, errorText: 'Receiver is incapable' });

    graph.calls = [];
    graph.sendReplies = Array.from({ length: 4 }, () => ({ status: 500, json: {} }));
    const third = await replyTo('5491100000010', 'server down');
    await settled();
    expect(graph.sends()).toHaveLength(4);
    expect((await linkOf(third.res.body.data.message.id)).status).toBe('failed');
  });

  it('outside the 24-hour window are refused; an approved template picked from the list goes out instead', async () => {
    await ready();
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    expect(await deliver(delivery(PHONE_A, [{ from: '5491100000020', name: 'Dora', at: old }]), SECRET_A)).toBe(200);
    const contact = await conversationOf('5491100000020');
    const before = (await messagesOf(contact.conversationId)).length;

    const refused = await replyTo('5491100000020', 'late answer');
    expect(refused.res.status).toBe(409);
    expect(refused.res.body.data.fields).toHaveProperty('body');
    expect(await messagesOf(contact.conversationId)).toHaveLength(before);
    expect((await whatsappApi(staff.client).conversation(contact.conversationId)).body.data).toMatchObject({
      windowOpen: false,
      windowEndsAt: new Date(Math.floor(old.getTime() / 1000) * 1000 + 24 * 3600 * 1000).toISOString(),
    });

    graph.templates = [
      {
        name: 'follow_up',
        language: 'en_US',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hi! Can we help with anything else?' }],
      },
      { name: 'draft_one', language: 'en_US', status: 'PENDING', components: [] },
    ];
    const api = whatsappApi(staff.client);
    const list = await api.templates(contact.conversationId);
    expect(list.status).toBe(200);
    expect(list.body.data.templates).toEqual([{ name: 'follow_up', language: 'en_US', category: 'UTILITY', body: 'Hi! Can we help with anything else?' }]);

    expect((await api.sendTemplate(contact.conversationId, { name: 'draft_one', language: 'en_US' })).status).toBe(400);
    expect((await api.sendTemplate(contact.conversationId, { name: '', language: 'en_US' })).body.data.fields).toHaveProperty('name');
    graph.calls = [];
    const sent = await api.sendTemplate(contact.conversationId, { name: 'follow_up', language: 'en_US' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.message.body).toBe('Hi! Can we help with anything else?');
    await settled();
    expect(graph.sends()[0].body).toMatchObject({ to: '5491100000020', type: 'template', template: { name: 'follow_up', language: { code: 'en_US' } } });
    expect(await linkOf(sent.body.data.message.id)).toMatchObject({ status: 'sent' });

    // A new message from the contact opens the window again.
    expect(await deliver(delivery(PHONE_A, [{ from: '5491100000020', text: 'yes please' }]), SECRET_A)).toBe(200);
    expect((await replyTo('5491100000020', 'on it')).res.status).toBe(201);
    await settled();
  });

  it('in other support conversations send nothing to WhatsApp', async () => {
    await ready();
    const customer = await w.memberOf('A', []);
    const ticket = (await chatApi(customer.client).openSupport(w.project.A.id)).body.data.conversation as ConversationView;
    graph.calls = [];
    expect((await chatApi(staff.client).send(ticket.id, 'hello user')).status).toBe(201);
    await settled();
    expect(graph.sends()).toHaveLength(0);
    expect((await whatsappApi(staff.client).conversation(ticket.id)).body).toEqual({ data: null });
  });
});

describe('inbound media', () => {
  it('is downloaded with the token into private storage and attached to the message', async () => {
    await ready();
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
    graph.media.set('MEDIA1', { bytes: png, type: 'image/png' });
    graph.media.set('MEDIA2', { bytes: new TextEncoder().encode('<script>alert(1)</script>'), type: 'image/png' });
    const status = await deliver(
      delivery(PHONE_A, [
        { from: '5491100000030', name: 'Eva', image: { id: 'MEDIA1', caption: 'the receipt' } },
        { from: '5491100000030', name: 'Eva', image: { id: 'MEDIA2' } },
      ]),
      SECRET_A,
    );
    expect(status).toBe(200);
    await settled();
    const contact = await conversationOf('5491100000030');
    const [good, bad] = await messagesOf(contact.conversationId);
    expect(good.body).toBe('the receipt');
    expect(good.attachments).toHaveLength(1);
    expect(good.attachments[0]).toMatchObject({ type: 'image/png', image: true, width: 1, height: 1 });
    const file = await chatApi(staff.client).file(good.attachments[0].url);
    expect(file.status).toBe(200);
    expect(graph.calls.find((c) => c.path === '/MEDIA1')?.auth).toBe('Bearer EAAG-token');
    // Typed by its content, not by what Meta's metadata claims: kept as text, a download, never shown inline.
    expect(bad.attachments).toMatchObject([{ type: 'text/plain', image: false }]);
    const [row] = await w.db.select().from(chatMessages).where(eq(chatMessages.id, good.id));
    expect(row.attachments[0].key).toMatch(new RegExp(`^chats/${w.project.A.id}/`));
  });
});
