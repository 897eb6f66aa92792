import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatSocketHandlers, resetTypingThrottle } from '@/lib/chats/socket';
import type { ConversationView, MessageView } from '@/lib/chats/types';
import { memberships, projects } from '@/lib/projects/tables';
import type { Envelope, SocketGrant } from '@/lib/realtime/audience';
import { socketHandlers } from '@/lib/realtime/handlers';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
const bus = setupChatBus();

const api = (m: Member) => chatApi(m.client);
const customerOf = (project: 'A' | 'B' = 'A') => w.memberOf(project, []);
const supportStaff = () => w.memberOf('A', ['CHATS__SUPPORT']);
const A = () => w.project.A.id;

async function openTicket(customer: Member): Promise<ConversationView> {
  const res = await api(customer).openSupport(A());
  expect([200, 201]).toContain(res.status);
  return res.body.data.conversation;
}
async function write(customer: Member, id: string, body: string): Promise<MessageView> {
  const res = await api(customer).supportSend(id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.message;
}
const supportAudience = (customerId: string) => ({ projectId: A(), perms: ['CHATS__SUPPORT'], customers: [customerId] });

describe('a user asking support', () => {
  it('opens one conversation per project, open from the start, announced to support staff and to them', async () => {
    const customer = await customerOf();
    const none = await api(customer).support(A());
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ conversation: null, project: { id: A(), key: w.project.A.key, name: 'Matrix A' } });

    await bus.take();
    const created = await api(customer).openSupport(A());
    expect(created.status).toBe(201);
    const ticket = created.body.data.conversation as ConversationView;
    expect(ticket).toMatchObject({ kind: 'support', status: 'open', assignee: null, customer: { id: customer.userId, email: customer.email } });
    const [event] = await bus.take('chat:conversation');
    expect(event).toEqual({
      audience: supportAudience(customer.userId),
      e: 'chat:conversation',
      d: { channel: 'SUPPORT', projectId: A(), conversationId: ticket.id },
    });

    const again = await api(customer).openSupport(A());
    expect(again.status).toBe(200);
    expect(again.body.data.conversation.id).toBe(ticket.id);
    expect((await api(customer).support(A())).body.data.conversation.id).toBe(ticket.id);
  });

  it('works from another project too, but only for enabled projects the user is an active member of', async () => {
    // Staff of B who is also a plain user of A: their session is connected to B.
    const user = await w.memberOf('B', ['CHATS__TEAM']);
    const [membership] = await w.db.insert(memberships).values({ projectId: A(), userId: user.userId }).returning();
    const ticket = (await api(user).openSupport(A())).body.data.conversation as ConversationView;
    expect((await api(user).supportSend(ticket.id, 'hi from B')).status).toBe(201);

    const stranger = await customerOf('B');
    expect((await api(stranger).support(A())).status).toBe(404);
    expect((await api(stranger).openSupport(A())).status).toBe(404);
    expect((await api(stranger).openSupport('nope')).body.data.fields).toHaveProperty('projectId');

    await w.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, membership.id));
    expect((await api(user).supportMessages(ticket.id)).status).toBe(404);
    expect((await api(user).openSupport(A())).status).toBe(404);
    await w.db.update(memberships).set({ status: 1 }).where(eq(memberships.id, membership.id));

    const [disabled] = await w.db
      .insert(projects)
      .values({ key: `off-${Date.now().toString(36)}`, name: 'Off', status: 2 })
      .returning();
    await w.db.insert(memberships).values({ projectId: disabled.id, userId: user.userId });
    expect((await api(user).openSupport(disabled.id)).status).toBe(404);
  });

  it('reaches only their own conversation', async () => {
    const [one, two] = [await customerOf(), await customerOf()];
    const ticket = await openTicket(one);
    const message = await write(one, ticket.id, 'my private problem');
    expect((await api(two).supportMessages(ticket.id)).status).toBe(404);
    expect((await api(two).supportSend(ticket.id, 'me too')).status).toBe(404);
    expect((await api(two).supportRead(ticket.id, message.seq)).status).toBe(404);
    expect((await api(two).edit(message.id, 'changed')).status).toBe(404);
    // Customers hold no chat permission: the staff routes are closed to them.
    expect((await api(one).list()).status).toBe(403);
    expect((await api(one).messages(ticket.id)).status).toBe(403);
  });
});

describe('support events', () => {
  it('leave out a customer who may no longer read the conversation (deactivated, project disabled), as the API does', async () => {
    const [customer, staff] = [await customerOf(), await supportStaff()];
    const ticket = await openTicket(customer);
    const answer = async (body: string) => {
      await bus.take();
      expect((await api(staff).send(ticket.id, body)).status).toBe(201);
      return (await bus.take('chat:message'))[0].audience;
    };
    expect(await answer('while a user')).toEqual(supportAudience(customer.userId));
    await w.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, customer.membershipId!));
    expect(await answer('after leaving')).toEqual({ ...supportAudience(customer.userId), customers: [] });
    await w.db.update(memberships).set({ status: 1 }).where(eq(memberships.id, customer.membershipId!));
    await w.db.update(projects).set({ status: 2 }).where(eq(projects.id, A()));
    try {
      // Staff cannot answer in a disabled project either; the typing signal goes through the same audience.
      const published: Envelope[] = [];
      const grant: SocketGrant = { userId: staff.userId, projectId: A(), isRoot: false, permissions: ['CHATS__SUPPORT'], memberOf: [], memberships: [] };
      await chatSocketHandlers['chat:typing']({ db: w.db, grant, publish: async (e) => void published.push(e) }, { conversationId: ticket.id });
      expect(published[0].audience.customers).toEqual([]);
    } finally {
      await w.db.update(projects).set({ status: 1 }).where(eq(projects.id, A()));
      resetTypingThrottle();
    }
  });
});

describe('support staff', () => {
  it('see the conversation and its messages live, answer, and the customer reads the answer', async () => {
    const [customer, staff] = [await customerOf(), await supportStaff()];
    const teamOnly = await w.memberOf('A', ['CHATS__TEAM']);
    const ticket = await openTicket(customer);
    await bus.take();
    const question = await write(customer, ticket.id, 'How do I export?');
    const [event] = await bus.take('chat:message');
    expect(event).toEqual({
      audience: supportAudience(customer.userId),
      e: 'chat:message',
      d: { channel: 'SUPPORT', projectId: A(), projectKey: w.project.A.key, conversationId: ticket.id, message: question },
    });

    const listed = (await api(staff).list({ kind: 'support' })).body.data.conversations.find((c: ConversationView) => c.id === ticket.id);
    expect(listed).toMatchObject({ customer: { id: customer.userId }, unread: 1, status: 'open' });
    expect(listed.title).toBe(listed.customer.name);
    expect((await api(teamOnly).get(ticket.id)).status).toBe(404);
    expect((await api(teamOnly).list()).body.data.conversations.map((c: ConversationView) => c.id)).not.toContain(ticket.id);

    const answer = (await api(staff).send(ticket.id, 'Settings → Export')).body.data.message as MessageView;
    const history = (await api(customer).supportMessages(ticket.id)).body.data;
    expect(history.messages.map((m: MessageView) => m.id)).toEqual([question.id, answer.id]);
    expect((await api(customer).support(A())).body.data.conversation.unread).toBe(1);
    expect((await api(customer).supportRead(ticket.id, answer.seq)).body.data).toEqual({ lastReadSeq: answer.seq });
    expect((await api(customer).support(A())).body.data.conversation).toMatchObject({ unread: 0, lastReadSeq: answer.seq });

    // Each edits only their own; the customer's attachment is theirs and support's to download.
    expect((await api(staff).edit(question.id, 'changed')).status).toBe(403);
    expect((await api(customer).edit(question.id, 'How do I export to CSV?')).body.data.message.body).toBe('How do I export to CSV?');
    const withFile = await api(customer).supportSend(
      ticket.id,
      messageForm('log', [{ bytes: new TextEncoder().encode('error 42\n'), type: 'text/plain', name: 'log.txt' }]),
    );
    const url = withFile.body.data.message.attachments[0].url as string;
    expect((await api(staff).file(url)).status).toBe(200);
    expect((await api(customer).file(url)).status).toBe(200);
    expect((await api(teamOnly).file(url)).status).toBe(404);
    expect((await api(await customerOf()).file(url)).status).toBe(404);
  });

  it('resolve a conversation; the customer writing again reopens it', async () => {
    const [customer, staff] = [await customerOf(), await supportStaff()];
    const ticket = await openTicket(customer);
    await bus.take();
    const resolved = await api(staff).patch(ticket.id, { status: 'resolved' });
    expect(resolved.body.data.conversation.status).toBe('resolved');
    expect((await bus.take('chat:conversation')).map((e) => e.audience)).toEqual([supportAudience(customer.userId)]);
    const open = (await api(staff).list({ kind: 'support', status: 'open' })).body.data.conversations.map((c: ConversationView) => c.id);
    expect(open).not.toContain(ticket.id);
    expect((await api(staff).list({ kind: 'support', status: 'resolved' })).body.data.conversations.map((c: ConversationView) => c.id)).toContain(ticket.id);

    // Staff writing does not reopen; the customer does.
    await api(staff).send(ticket.id, 'Closing, write back if needed');
    expect((await api(staff).get(ticket.id)).body.data.conversation.status).toBe('resolved');
    await bus.take();
    await write(customer, ticket.id, 'It happened again');
    expect((await api(staff).get(ticket.id)).body.data.conversation.status).toBe('open');
    expect((await bus.take()).map((e) => e.e)).toEqual(['chat:message', 'chat:conversation']);

    expect((await api(staff).patch(ticket.id, { status: 'closed' })).body.data.fields).toHaveProperty('status');
    expect((await api(staff).patch(ticket.id, { name: 'Renamed' })).body.data.fields).toHaveProperty('name');
  });

  it('assign to support staff or full-access members only, and filter by assignee', async () => {
    const [customer, staff, colleague] = [await customerOf(), await supportStaff(), await supportStaff()];
    const owner = await w.memberOf('A', 'root');
    const teamOnly = await w.memberOf('A', ['CHATS__TEAM']);
    const foreignStaff = await w.memberOf('B', ['CHATS__SUPPORT']);
    const ticket = await openTicket(customer);
    await bus.take();

    const mine = await api(staff).assign(ticket.id, staff.userId);
    expect(mine.status).toBe(200);
    expect(mine.body.data.conversation.assignee).toMatchObject({ id: staff.userId });
    expect((await bus.take('chat:conversation'))[0].audience).toEqual(supportAudience(customer.userId));
    const ids = async (m: Member, assignee: string) =>
      (await api(m).list({ kind: 'support', assignee })).body.data.conversations.map((c: ConversationView) => c.id) as string[];
    expect(await ids(staff, 'me')).toContain(ticket.id);
    expect(await ids(colleague, 'me')).not.toContain(ticket.id);
    expect(await ids(colleague, 'none')).not.toContain(ticket.id);

    for (const wrong of [teamOnly, foreignStaff, customer]) {
      const res = await api(staff).assign(ticket.id, wrong.userId);
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual({ assigneeId: expect.any(String) });
    }
    expect((await api(staff).assign(ticket.id, owner.userId)).body.data.conversation.assignee.id).toBe(owner.userId);
    expect((await api(colleague).assign(ticket.id, null)).body.data.conversation.assignee).toBeNull();
    expect(await ids(colleague, 'none')).toContain(ticket.id);
    expect((await api(staff).get(ticket.id)).body.data.conversation.assignee).toBeNull();

    const room = (await api(teamOnly).create({ kind: 'channel', name: `Not support ${Date.now()}` })).body.data.conversation.id as string;
    const both = await w.memberOf('A', ['CHATS__TEAM', 'CHATS__SUPPORT']);
    expect((await api(both).assign(room, both.userId)).status).toBe(400);
    expect((await api(staff).assign(ticket.id, 'someone' as never)).body.data.fields).toHaveProperty('assigneeId');
  });
});

describe('typing over the socket', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetTypingThrottle();
  });
  const grantOf = (m: Member, permissions: string[], projectId: string | null = A()): SocketGrant => ({
    userId: m.userId,
    projectId,
    isRoot: false,
    permissions,
    memberOf: [A()],
    memberships: [A()],
  });
  async function typing(grant: SocketGrant, d: unknown) {
    const published: Envelope[] = [];
    const reply = await chatSocketHandlers['chat:typing']({ db: w.db, grant, publish: async (e) => void published.push(e) }, d);
    return { reply, published };
  }

  it('is registered with the socket server', () => {
    expect(socketHandlers.get('chat:typing')).toBe(chatSocketHandlers['chat:typing']);
  });

  it('goes to the others who may read the conversation, at most every 2 s per user and conversation', async () => {
    const [customer, staff] = [await customerOf(), await supportStaff()];
    const ticket = await openTicket(customer);
    const first = await typing(grantOf(staff, ['CHATS__SUPPORT']), { conversationId: ticket.id });
    expect(first.reply).toEqual({ sent: true });
    expect(first.published).toEqual([
      {
        audience: { ...supportAudience(customer.userId), except: staff.userId },
        e: 'chat:typing',
        d: { conversationId: ticket.id, users: [{ id: staff.userId, name: expect.any(String) }] },
      },
    ]);
    expect((await typing(grantOf(staff, ['CHATS__SUPPORT']), { conversationId: ticket.id })).published).toEqual([]);
    // The customer, connected to no project, types in their own conversation.
    expect((await typing(grantOf(customer, [], null), { conversationId: ticket.id })).reply).toEqual({ sent: true });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2001 });
    expect((await typing(grantOf(staff, ['CHATS__SUPPORT']), { conversationId: ticket.id })).reply).toEqual({ sent: true });
  });

  it('lets the first keystroke of a follow-up message through at once, once per message sent', async () => {
    const customer = await customerOf();
    const ticket = await openTicket(customer);
    const grant = grantOf(customer, [], null);
    expect((await typing(grant, { conversationId: ticket.id })).reply).toEqual({ sent: true });
    // Still typing the same message, or claiming a new one without having sent any: throttled.
    expect((await typing(grant, { conversationId: ticket.id, fresh: true })).reply).toEqual({ sent: false });
    await write(customer, ticket.id, 'First question');
    expect((await typing(grant, { conversationId: ticket.id })).reply).toEqual({ sent: false });
    const next = await typing(grant, { conversationId: ticket.id, fresh: true });
    expect(next.reply).toEqual({ sent: true });
    // Within a second of the conversation's last typing event: it goes at the end of that second.
    await vi.waitFor(() => expect(next.published).toHaveLength(1), { timeout: 2000 });
    expect((await typing(grant, { conversationId: ticket.id, fresh: true })).reply).toEqual({ sent: false });
    await expect(typing(grant, { conversationId: ticket.id, fresh: 'yes' })).rejects.toThrow();
  });

  it('is refused to whoever may not read the conversation, and for a malformed request', async () => {
    const [customer, other, teamOnly] = [await customerOf(), await customerOf(), await w.memberOf('A', ['CHATS__TEAM'])];
    const ticket = await openTicket(customer);
    await expect(typing(grantOf(teamOnly, ['CHATS__TEAM']), { conversationId: ticket.id })).rejects.toThrow();
    await expect(typing(grantOf(other, [], null), { conversationId: ticket.id })).rejects.toThrow();
    await expect(typing(grantOf(teamOnly, ['CHATS__SUPPORT'], w.project.B.id), { conversationId: ticket.id })).rejects.toThrow();
    await expect(typing(grantOf(teamOnly, ['CHATS__TEAM']), { conversationId: 'x' })).rejects.toThrow();
    await expect(typing(grantOf(teamOnly, ['CHATS__TEAM']), null)).rejects.toThrow();
  });
});
