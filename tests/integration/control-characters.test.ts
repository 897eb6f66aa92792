import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as messages from '@/app/api/chats/conversations/[id]/messages/route';
import * as conversations from '@/app/api/chats/conversations/route';
import * as chatMessage from '@/app/api/chats/messages/[id]/route';
import * as search from '@/app/api/chats/search/route';
import * as profilesRoute from '@/app/api/profiles/route';
import * as requestProject from '@/app/api/requestProject/route';
import * as audit from '@/app/api/root/audit/route';
import * as faq from '@/app/api/root/content/faq/route';
import * as help from '@/app/api/root/content/help/route';
import * as outbox from '@/app/api/root/outbox/route';
import * as rootUsers from '@/app/api/root/users/route';
import * as invitationsRoute from '@/app/api/users/invitations/route';
import { auditLog } from '@/lib/audit/tables';
import { chatConversations, chatMessages } from '@/lib/chats/tables';
import { faqEntries, helpArticles } from '@/lib/content/tables';
import { profiles, projects } from '@/lib/projects/tables';
import { invitations } from '@/lib/users/invitation-tables';
import en from '@/messages/en.json';
import { setupChatBus } from './helpers/chats';
import { multipart } from './helpers/http';
import { setupWorld, type Member } from './matrix/world';

// PostgreSQL refuses NUL in text: before the shared check these calls were 500s, and the
// failed statement's log line carried the text itself.
const w = setupWorld();
setupChatBus();

const NUL = 'a\u0000b';
const q = (name: string, value: string) => `?${new URLSearchParams({ [name]: value })}`;
const TABLES = [chatConversations, chatMessages, faqEntries, helpArticles, profiles, projects, invitations, auditLog];

async function rowCounts(): Promise<number[]> {
  return Promise.all(TABLES.map(async (t) => (await w.db.select({ n: count() }).from(t))[0].n));
}

type Reply = { status: number; body: { data?: { fields?: Record<string, string> } } | null };
const refusedField = (res: Reply, name: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body?.data?.fields?.[name]).toBe(en.validation.controlCharacters);
};

async function channel(staff: Member): Promise<string> {
  const res = await staff.client.call(conversations.POST, '/api/chats/conversations', { json: { kind: 'channel', name: `Controls ${Date.now()}` } });
  return res.body.data.conversation.id;
}

describe('control characters in text fields', () => {
  it('answer 400 naming the field, on JSON, multipart and query fields, and write nothing', async () => {
    const staff = await w.memberOf('A', ['CHATS__TEAM', 'USERS__CREATE', 'PROFILES__CREATE']);
    const root = (await w.signedIn({ root: true })).client;
    const id = await channel(staff);
    const before = await rowCounts();
    const c = staff.client;

    refusedField(await c.call(messages.POST, `/api/chats/conversations/${id}/messages`, { form: multipart({ body: NUL }), params: { id } }), 'body');
    refusedField(await c.call(conversations.POST, '/api/chats/conversations', { json: { kind: 'channel', name: 'Topic', topic: NUL } }), 'topic');
    refusedField(await c.call(profilesRoute.POST, '/api/profiles', { json: { name: NUL } }), 'name');
    refusedField(
      await c.call(invitationsRoute.POST, '/api/users/invitations', { json: { email: `x${NUL}@example.com`, profileIds: [staff.profileId] } }),
      'email',
    );
    refusedField(await c.call(requestProject.POST, '/api/requestProject', { form: multipart({ name: NUL, key: 'controls-key' }) }), 'name');
    refusedField(await c.call(search.GET, `/api/chats/search${q('q', NUL)}`, { method: 'GET' }), 'q');
    refusedField(await root.call(faq.POST, '/api/root/content/faq', { json: { locale: 'en', question: NUL, answer: 'An answer' } }), 'question');
    refusedField(
      await root.call(help.POST, '/api/root/content/help', { json: { locale: 'en', topic: 'ctl', slug: 'ctl', title: 'Title', body: `x${NUL}` } }),
      'body',
    );
    refusedField(await root.call(rootUsers.GET, `/api/root/users${q('q', NUL)}`, { method: 'GET' }), 'q');
    refusedField(await root.call(audit.GET, `/api/root/audit${q('actor', NUL)}`, { method: 'GET' }), 'actor');
    refusedField(await root.call(outbox.GET, `/api/root/outbox${q('q', NUL)}`, { method: 'GET' }), 'q');

    expect(await rowCounts()).toEqual(before);
  });

  it('let a message keep its tabs and line breaks, and refuse other controls in it and in an edit', async () => {
    const staff = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channel(staff);
    const sent = await staff.client.call(messages.POST, `/api/chats/conversations/${id}/messages`, {
      form: multipart({ body: 'first line\r\n\tindented' }),
      params: { id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.message.body).toBe('first line\r\n\tindented');

    const bell = await staff.client.call(messages.POST, `/api/chats/conversations/${id}/messages`, { form: multipart({ body: 'ding\u0007' }), params: { id } });
    refusedField(bell, 'body');
    const messageId = sent.body.data.message.id;
    const edit = await staff.client.call(chatMessage.PATCH, `/api/chats/messages/${messageId}`, {
      method: 'PATCH',
      json: { body: `x\u007f` },
      params: { id: messageId },
    });
    refusedField(edit, 'body');
  });

  it('refuse a line break inside a one-line field', async () => {
    const staff = await w.memberOf('A', ['CHATS__TEAM']);
    const res = await staff.client.call(conversations.POST, '/api/chats/conversations', { json: { kind: 'channel', name: 'Lines', topic: 'one\ntwo' } });
    refusedField(res, 'topic');
  });
});
