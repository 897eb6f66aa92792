import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConversationView } from '@/lib/chats/types';
import { whatsappMessages } from '@/lib/whatsapp/tables';
import { settled } from '@/lib/whatsapp/tasks';
import { chatApi } from './helpers/chats';
import { deliver, delivery, statusOf, whatsappApi } from './helpers/whatsapp';
import { PHONE_A, SECRET_A, setupWhatsapp } from './helpers/whatsapp-world';

// The WhatsApp API's way out: staff replies, statuses, retries, the 24-hour window and templates.
const t = setupWhatsapp();

describe('staff replies', () => {
  async function replyTo(waId: string, body: string) {
    const contact = await t.conversationOf(waId);
    const res = await chatApi(t.staff.client).send(contact.conversationId, body);
    return { res, contact };
  }
  async function linkOf(chatMessageId: string) {
    const [row] = await t.w.db.select().from(whatsappMessages).where(eq(whatsappMessages.chatMessageId, chatMessageId));
    return row;
  }

  it('go out through the Graph API, then follow the statuses Meta reports (never backwards)', async () => {
    await t.ready();
    expect(await deliver(delivery(PHONE_A, [{ from: '5491100000010', name: 'Carla' }]), SECRET_A)).toBe(200);
    t.graph.calls = [];
    const { res, contact } = await replyTo('5491100000010', 'We open at 9.');
    expect(res.status).toBe(201);
    await settled();
    expect(t.graph.sends()).toHaveLength(1);
    const [call] = t.graph.sends();
    expect(call.path).toBe(`/${PHONE_A}/messages`);
    expect(call.auth).toBe('Bearer EAAG-token');
    expect(call.body).toMatchObject({ messaging_product: 'whatsapp', to: '5491100000010', type: 'text', text: { body: 'We open at 9.' } });

    const link = await linkOf(res.body.data.message.id);
    expect(link).toMatchObject({ direction: 'out', status: 'sent' });
    const wamid = link.waMessageId!;

    await t.bus.take();
    expect(await deliver(delivery(PHONE_A, [], [statusOf(wamid, 'read')]), SECRET_A)).toBe(200);
    expect(await deliver(delivery(PHONE_A, [], [statusOf(wamid, 'delivered')]), SECRET_A)).toBe(200);
    expect((await linkOf(res.body.data.message.id)).status).toBe('read');
    expect((await t.bus.take('whatsapp:status'))[0]).toMatchObject({ d: { conversationId: contact.conversationId } });

    const view = await whatsappApi(t.staff.client).conversation(contact.conversationId);
    expect(view.body.data.messages[res.body.data.message.id]).toMatchObject({ direction: 'out', status: 'read' });
  });

  it('record a failure with Meta’s code (131047: the window closed)', async () => {
    await t.ready();
    const { res } = await replyTo('5491100000010', 'Are you there?');
    await settled();
    const wamid = (await linkOf(res.body.data.message.id)).waMessageId!;
    const error = { code: 131047, title: 'Re-engagement message' };
    expect(await deliver(delivery(PHONE_A, [], [statusOf(wamid, 'failed', error)]), SECRET_A)).toBe(200);
    expect(await linkOf(res.body.data.message.id)).toMatchObject({ status: 'failed', errorCode: 131047, errorText: 'Re-engagement message' });
  });

  it('are retried with backoff on 5xx and network errors, not on 4xx', async () => {
    await t.ready();
    t.graph.calls = [];
    t.graph.sendReplies = [
      { status: 503, json: { error: { code: 1, message: 'busy' } } },
      'drop',
      { status: 200, json: { messages: [{ id: 'wamid.RETRIED' }] } },
    ];
    const first = await replyTo('5491100000010', 'third time lucky');
    await settled();
    expect(t.graph.sends()).toHaveLength(3);
    expect(await linkOf(first.res.body.data.message.id)).toMatchObject({ status: 'sent', waMessageId: 'wamid.RETRIED' });

    t.graph.calls = [];
    t.graph.sendReplies = [
      { status: 400, json: { error: { code: 131026, message: 'Message undeliverable', error_data: { details: 'Receiver is incapable' } } } },
    ];
    const second = await replyTo('5491100000010', 'refused');
    await settled();
    expect(t.graph.sends()).toHaveLength(1);
    expect(await linkOf(second.res.body.data.message.id)).toMatchObject({ status: 'failed', errorCode: 131026, errorText: 'Receiver is incapable' });

    t.graph.calls = [];
    t.graph.sendReplies = Array.from({ length: 4 }, () => ({ status: 500, json: {} }));
    const third = await replyTo('5491100000010', 'server down');
    await settled();
    expect(t.graph.sends()).toHaveLength(4);
    expect((await linkOf(third.res.body.data.message.id)).status).toBe('failed');
  });

  it('outside the 24-hour window are refused; an approved template picked from the list goes out instead', async () => {
    await t.ready();
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    expect(await deliver(delivery(PHONE_A, [{ from: '5491100000020', name: 'Dora', at: old }]), SECRET_A)).toBe(200);
    const contact = await t.conversationOf('5491100000020');
    const before = (await t.messagesOf(contact.conversationId)).length;

    const refused = await replyTo('5491100000020', 'late answer');
    expect(refused.res.status).toBe(409);
    expect(refused.res.body.data.fields).toHaveProperty('body');
    expect(await t.messagesOf(contact.conversationId)).toHaveLength(before);
    expect((await whatsappApi(t.staff.client).conversation(contact.conversationId)).body.data).toMatchObject({
      windowOpen: false,
      windowEndsAt: new Date(Math.floor(old.getTime() / 1000) * 1000 + 24 * 3600 * 1000).toISOString(),
    });

    t.graph.templates = [
      {
        name: 'follow_up',
        language: 'en_US',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hi! Can we help with anything else?' }],
      },
      { name: 'draft_one', language: 'en_US', status: 'PENDING', components: [] },
    ];
    const api = whatsappApi(t.staff.client);
    const list = await api.templates(contact.conversationId);
    expect(list.status).toBe(200);
    expect(list.body.data.templates).toEqual([{ name: 'follow_up', language: 'en_US', category: 'UTILITY', body: 'Hi! Can we help with anything else?' }]);

    expect((await api.sendTemplate(contact.conversationId, { name: 'draft_one', language: 'en_US' })).status).toBe(400);
    expect((await api.sendTemplate(contact.conversationId, { name: '', language: 'en_US' })).body.data.fields).toHaveProperty('name');
    t.graph.calls = [];
    const sent = await api.sendTemplate(contact.conversationId, { name: 'follow_up', language: 'en_US' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.message.body).toBe('Hi! Can we help with anything else?');
    await settled();
    expect(t.graph.sends()[0].body).toMatchObject({ to: '5491100000020', type: 'template', template: { name: 'follow_up', language: { code: 'en_US' } } });
    expect(await linkOf(sent.body.data.message.id)).toMatchObject({ status: 'sent' });

    // A new message from the contact opens the window again.
    expect(await deliver(delivery(PHONE_A, [{ from: '5491100000020', text: 'yes please' }]), SECRET_A)).toBe(200);
    expect((await replyTo('5491100000020', 'on it')).res.status).toBe(201);
    await settled();
  });

  it('in other support conversations send nothing to WhatsApp', async () => {
    await t.ready();
    const customer = await t.w.memberOf('A', []);
    const ticket = (await chatApi(customer.client).openSupport(t.w.project.A.id)).body.data.conversation as ConversationView;
    t.graph.calls = [];
    expect((await chatApi(t.staff.client).send(ticket.id, 'hello user')).status).toBe(201);
    await settled();
    expect(t.graph.sends()).toHaveLength(0);
    expect((await whatsappApi(t.staff.client).conversation(ticket.id)).body).toEqual({ data: null });
  });
});
