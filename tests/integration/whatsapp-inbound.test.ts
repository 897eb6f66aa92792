import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/lib/audit/tables';
import { chatMessages } from '@/lib/chats/tables';
import type { ConversationView } from '@/lib/chats/types';
import { projects } from '@/lib/projects/tables';
import { signatureOf, unseal } from '@/lib/whatsapp/secrets';
import { whatsappAccounts } from '@/lib/whatsapp/tables';
import { settled } from '@/lib/whatsapp/tasks';
import { chatApi } from './helpers/chats';
import { deliver, delivery, handshake, whatsappApi } from './helpers/whatsapp';
import { PHONE_A, PHONE_B, SECRET_A, creds, setupWhatsapp } from './helpers/whatsapp-world';

// The WhatsApp API's way in: credentials, Meta's handshake, signed deliveries and media.
const t = setupWhatsapp();

describe('credentials', () => {
  it('are saved per project, secrets sealed and never returned, an empty secret kept', async () => {
    const api = whatsappApi((await t.w.memberOf('B', ['EXTENSIONS__WHATSAPP_API'])).client);
    const empty = await api.settings();
    expect(empty.status).toBe(200);
    expect(empty.body.settings).toMatchObject({ phoneNumberId: '', accessTokenSet: false, appSecretSet: false, verifyTokenSet: false });
    expect(empty.body.settings.webhookUrl).toMatch(/\/api\/webhooks\/whatsapp$/);

    const saved = await api.save(creds(PHONE_B, { appSecret: 'secret-b' }));
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ phoneNumberId: PHONE_B, accessTokenSet: true, appSecretSet: true, verifyTokenSet: true });
    expect(JSON.stringify(saved.body)).not.toContain('EAAG-token');
    expect(JSON.stringify((await api.settings()).body)).not.toContain('secret-b');

    const [row] = await t.w.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, t.w.project.B.id));
    expect(row.accessToken).not.toContain('EAAG');
    expect(unseal(row.accessToken)).toBe('EAAG-token');

    // Ids only: the secrets stay as they were.
    expect((await api.save({ phoneNumberId: PHONE_B, wabaId: '3000000003', accessToken: '' })).status).toBe(200);
    const [after] = await t.w.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, t.w.project.B.id));
    expect(after.wabaId).toBe('3000000003');
    expect(unseal(after.appSecret)).toBe('secret-b');

    // Audited: the ids and which secrets changed, never a secret itself.
    const entries = await t.w.db.select().from(auditLog).where(eq(auditLog.projectId, t.w.project.B.id)).orderBy(auditLog.createdAt);
    expect(entries.map((e) => e.data)).toEqual([
      { whatsapp: { phoneNumberId: PHONE_B, wabaId: '2000000001', secretsReplaced: ['accessToken', 'appSecret', 'verifyToken'] } },
      { whatsapp: { phoneNumberId: PHONE_B, wabaId: '3000000003', secretsReplaced: [] } },
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-b');
  });

  it('refuses bad input with field errors in the caller’s language, changing nothing', async () => {
    await t.ready();
    const api = whatsappApi(t.admin.client);
    const bad = await t.admin.client.call((await import('@/app/api/whatsapp/settings/route')).PUT, '/api/whatsapp/settings', {
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
    await t.ready();
    const ok = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': 'abc-123_x' });
    expect(ok).toEqual({ status: 200, type: 'text/plain; charset=utf-8', text: 'abc-123_x' });
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.challenge': '1' })).status).toBe(403);

    // The extension off: its token no longer answers.
    const [p] = await t.w.db.select({ extensions: projects.extensions }).from(projects).where(eq(projects.id, t.w.project.A.id));
    await t.w.db.update(projects).set({ extensions: [] }).where(eq(projects.id, t.w.project.A.id));
    try {
      expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': '1' })).status).toBe(403);
    } finally {
      await t.w.db.update(projects).set({ extensions: p.extensions }).where(eq(projects.id, t.w.project.A.id));
    }
  });

  it('answers an address at most 30 times a minute, so a verify token cannot be guessed', async () => {
    await t.ready();
    const right = { 'hub.mode': 'subscribe', 'hub.verify_token': `verify-${PHONE_A}`, 'hub.challenge': '7' };
    for (let i = 0; i < 30; i += 1) {
      expect((await handshake({ ...right, 'hub.verify_token': `guess-${i}` }, '198.51.100.78')).status).toBe(403);
    }
    // Past the limit even the right token gets 429; another address (Meta's) is still answered.
    expect((await handshake(right, '198.51.100.78')).status).toBe(429);
    expect(await handshake(right, '198.51.100.79')).toMatchObject({ status: 200, text: '7' });
  });
});

describe('inbound deliveries', () => {
  it('refuse a missing, wrong or other-secret signature, storing nothing', async () => {
    await t.ready();
    const body = delivery(PHONE_A, [{ from: '5491100000001', name: 'Mallory', text: 'forged' }]);
    expect(await deliver(body, null)).toBe(403);
    expect(await deliver(body, 'not-the-secret')).toBe(403);
    expect(await deliver(body, null, 'sha256=zz')).toBe(403);
    // Signed over other bytes than those sent.
    expect(await deliver(JSON.stringify(body) + ' ', null, signatureOf(JSON.stringify(body), SECRET_A))).toBe(403);
    // A phone number no live project has.
    expect(await deliver(delivery('999', [{ from: '5491100000001' }]), SECRET_A)).toBe(403);
    expect(await deliver('not json', SECRET_A)).toBe(400);
    expect(await t.conversationOf('5491100000001')).toBeUndefined();
  });

  it('stop hearing an address after 30 badly signed deliveries a minute; Meta’s, from elsewhere, still land', async () => {
    await t.ready();
    const body = delivery(PHONE_A, [{ from: '5491100000009', name: 'Mallory', id: 'wamid.GUESS', text: 'guess' }]);
    for (let i = 0; i < 30; i += 1) expect(await deliver(body, `guess-${i}`, undefined, '198.51.100.77')).toBe(403);
    // Refused before any signature is checked, so a right guess now tells nothing.
    expect(await deliver(body, SECRET_A, undefined, '198.51.100.77')).toBe(429);
    expect(await t.conversationOf('5491100000009')).toBeUndefined();
    expect(await deliver(body, SECRET_A, undefined, '198.51.100.80')).toBe(200);
    expect(await t.conversationOf('5491100000009')).toBeDefined();
  });

  it('turn a batch into support conversations staff see, once per message id, in the project the number belongs to', async () => {
    await t.ready();
    await t.bus.take();
    const batch = delivery(PHONE_A, [
      { from: '5491100000002', name: 'Ana Pérez', id: 'wamid.BATCH1', text: 'Hola, ¿tienen turno?' },
      { from: '5491100000003', name: 'Bruno', id: 'wamid.BATCH2', text: 'Hi there' },
      { from: '5491100000002', name: 'Ana Pérez', id: 'wamid.BATCH3', text: 'Es urgente' },
    ]);
    expect(await deliver(batch, SECRET_A)).toBe(200);
    // Meta redelivers until it gets a 200: the same ids add nothing.
    expect(await deliver(batch, SECRET_A)).toBe(200);

    const ana = await t.conversationOf('5491100000002');
    expect(ana.name).toBe('Ana Pérez');
    expect((await t.messagesOf(ana.conversationId)).map((m) => [m.body, m.author])).toEqual([
      ['Hola, ¿tienen turno?', null],
      ['Es urgente', null],
    ]);
    const list = await chatApi(t.staff.client).list({ kind: 'support' });
    const listed = list.body.data.conversations.find((c: ConversationView) => c.id === ana.conversationId);
    expect(listed).toMatchObject({ kind: 'support', status: 'open', title: 'Ana Pérez (+5491100000002)', customer: null });
    expect(listed.lastMessage.body).toBe('Es urgente');

    const events = await t.bus.take();
    expect(events.filter((e) => e.e === 'chat:conversation')).toHaveLength(2);
    expect(events.filter((e) => e.e === 'chat:message')).toHaveLength(3);

    // Staff of project B see none of it.
    const other = await t.w.memberOf('B', ['CHATS__SUPPORT']);
    expect((await chatApi(other.client).messages(ana.conversationId)).status).toBe(404);
    expect((await whatsappApi(other.client).conversation(ana.conversationId)).status).toBe(404);

    const side = await whatsappApi(t.staff.client).conversation(ana.conversationId);
    expect(side.status).toBe(200);
    expect(side.body.data).toMatchObject({ contact: { name: 'Ana Pérez', waId: '5491100000002' }, windowOpen: true, timeZone: 'UTC' });
    expect(Object.values(side.body.data.messages)).toEqual([
      { direction: 'in', status: 'received', errorCode: null, errorText: null },
      { direction: 'in', status: 'received', errorCode: null, errorText: null },
    ]);
  });
});

describe('inbound media', () => {
  it('is downloaded with the token into private storage and attached to the message', async () => {
    await t.ready();
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
    t.graph.media.set('MEDIA1', { bytes: png, type: 'image/png' });
    t.graph.media.set('MEDIA2', { bytes: new TextEncoder().encode('<script>alert(1)</script>'), type: 'image/png' });
    const status = await deliver(
      delivery(PHONE_A, [
        { from: '5491100000030', name: 'Eva', image: { id: 'MEDIA1', caption: 'the receipt' } },
        { from: '5491100000030', name: 'Eva', image: { id: 'MEDIA2' } },
      ]),
      SECRET_A,
    );
    expect(status).toBe(200);
    await settled();
    const contact = await t.conversationOf('5491100000030');
    const [good, bad] = await t.messagesOf(contact.conversationId);
    expect(good.body).toBe('the receipt');
    expect(good.attachments).toHaveLength(1);
    expect(good.attachments[0]).toMatchObject({ type: 'image/png', image: true, width: 1, height: 1 });
    const file = await chatApi(t.staff.client).file(good.attachments[0].url);
    expect(file.status).toBe(200);
    expect(t.graph.calls.find((c) => c.path === '/MEDIA1')?.auth).toBe('Bearer EAAG-token');
    // Typed by its content, not by what Meta's metadata claims: kept as text, a download, never shown inline.
    expect(bad.attachments).toMatchObject([{ type: 'text/plain', image: false }]);
    const [row] = await t.w.db.select().from(chatMessages).where(eq(chatMessages.id, good.id));
    expect(row.attachments[0].key).toMatch(new RegExp(`^chats/${t.w.project.A.id}/`));
  });
});
