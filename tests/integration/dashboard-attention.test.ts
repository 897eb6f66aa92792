import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/dashboard/attention/route';
import { boardCards } from '@/lib/boards/tables';
import { chatConversations, chatCounters, chatMessages } from '@/lib/chats/tables';
import { attentionFor, type AttentionProvider } from '@/lib/dashboard/attention';
import { addDays, dayIn } from '@/lib/dashboard/days';
import { interviewResponses, interviews, interviewVersions } from '@/lib/interviews/tables';
import { invoices, type InvoiceStatus } from '@/lib/invoices/tables';
import { requests } from '@/lib/requests/tables';
import { invitations } from '@/lib/users/invitation-tables';
import { cardRowsIn } from './helpers/boards';
import { invoiceRow } from './helpers/invoices';
import { setupWorld, type ProjectName } from './matrix/world';

const w = setupWorld();
const hour = 3600_000;
let n = 0;
const next = () => (n += 1);
const grant = (permissions: string[]) => ({ isRoot: false, permissions });
const scope = (project: ProjectName, userId: string, permissions: string[]) => ({
  projectId: w.project[project].id,
  userId,
  grant: grant(permissions),
  timeZone: 'UTC',
});
const countOf = async (project: ProjectName, userId: string, permissions: string[], key: string) =>
  (await attentionFor(w.db, scope(project, userId, permissions))).find((i) => i.key === key)?.count;

describe('attention providers', () => {
  it('pending invitations: open ones of the project only', async () => {
    const me = await w.memberOf('A', ['USERS__VIEW']);
    const inv = (p: ProjectName, over: Partial<typeof invitations.$inferInsert> = {}) => ({
      projectId: w.project[p].id,
      email: `guest-${next()}@example.test`,
      tokenHash: `hash-${n}`,
      expiresAt: new Date(Date.now() + hour),
      ...over,
    });
    const before = (await countOf('A', me.userId, ['USERS__VIEW'], 'pendingInvitations')) ?? 0;
    await w.db.insert(invitations).values([inv('A'), inv('A', { acceptedAt: new Date() }), inv('A', { expiresAt: new Date(Date.now() - hour) }), inv('B')]);
    expect(await countOf('A', me.userId, ['USERS__VIEW'], 'pendingInvitations')).toBe(before + 1);
  });

  it('requests: assigned to the viewer and open; SLA breaches of the project', async () => {
    const me = await w.memberOf('A', ['REQUESTS__VIEW']);
    const other = await w.memberOf('B', ['REQUESTS__VIEW']);
    const req = (p: ProjectName, over: Partial<typeof requests.$inferInsert>) => ({
      projectId: w.project[p].id,
      number: 10_000 + next(),
      requesterId: other.userId,
      subject: 'Help',
      type: 'question' as const,
      ...over,
    });
    const breachedBefore = (await countOf('A', me.userId, ['REQUESTS__VIEW'], 'slaBreaches')) ?? 0;
    await w.db
      .insert(requests)
      .values([
        req('A', { assigneeId: me.userId, status: 'open' }),
        req('A', { assigneeId: me.userId, status: 'new', firstResponseDueAt: new Date(Date.now() - hour) }),
        req('A', { assigneeId: me.userId, status: 'resolved' }),
        req('A', { assigneeId: other.userId, status: 'open' }),
        req('B', { assigneeId: me.userId, status: 'open', firstResponseDueAt: new Date(Date.now() - hour) }),
      ]);
    expect(await countOf('A', me.userId, ['REQUESTS__VIEW'], 'assignedRequests')).toBe(2);
    expect(await countOf('A', me.userId, ['REQUESTS__VIEW'], 'slaBreaches')).toBe(breachedBefore + 1);
  });

  it('board cards assigned to the viewer: overdue and due within 7 days, live ones only', async () => {
    const me = await w.memberOf('A', ['BOARDS__VIEW']);
    const today = dayIn('UTC');
    const boardIn = (p: ProjectName) => cardRowsIn(w.db, w.project[p].id, me.userId);
    const a = await boardIn('A');
    const b = await boardIn('B');
    await w.db
      .insert(boardCards)
      .values([
        a('late', addDays(today, -2)),
        a('today', today),
        a('in six days', addDays(today, 6)),
        a('in a month', addDays(today, 30)),
        a('archived late', addDays(today, -1), { archivedAt: new Date() }),
        a('someone else’s', today, { assigneeIds: [] }),
        b('other project', today),
      ]);
    expect(await countOf('A', me.userId, ['BOARDS__VIEW'], 'cardsOverdue')).toBe(1);
    expect(await countOf('A', me.userId, ['BOARDS__VIEW'], 'cardsDue')).toBe(2);
  });

  it('invoices: unpaid, overdue or due within 7 days; drafts and paid ones never count', async () => {
    const me = await w.memberOf('B', ['INVOICES__VIEW']);
    const today = dayIn('UTC');
    const inv = (p: ProjectName, dueDate: string, status: InvoiceStatus) => invoiceRow(w.project[p].id, dueDate, status);
    const before = {
      overdue: (await countOf('B', me.userId, ['INVOICES__VIEW'], 'invoicesOverdue')) ?? 0,
      due: (await countOf('B', me.userId, ['INVOICES__VIEW'], 'invoicesDue')) ?? 0,
    };
    await w.db
      .insert(invoices)
      .values([
        inv('B', addDays(today, -3), 'sent'),
        inv('B', addDays(today, -3), 'paid'),
        inv('B', addDays(today, -3), 'draft'),
        inv('B', addDays(today, 2), 'partial'),
        inv('B', addDays(today, 20), 'sent'),
        inv('A', addDays(today, -3), 'sent'),
      ] as never);
    expect(await countOf('B', me.userId, ['INVOICES__VIEW'], 'invoicesOverdue')).toBe(before.overdue + 1);
    expect(await countOf('B', me.userId, ['INVOICES__VIEW'], 'invoicesDue')).toBe(before.due + 1);
  });

  it('interview responses: complete ones of the last 7 days', async () => {
    const me = await w.memberOf('A', ['INTERVIEWS__VIEW']);
    const before = (await countOf('A', me.userId, ['INTERVIEWS__VIEW'], 'newResponses')) ?? 0;
    const make = async (p: ProjectName) => {
      const projectId = w.project[p].id;
      const [iv] = await w.db
        .insert(interviews)
        .values({ projectId, slug: `iv-${next()}`, title: 'Survey' })
        .returning({ id: interviews.id });
      const [v] = await w.db.insert(interviewVersions).values({ interviewId: iv.id, number: 1, questions: [] }).returning({ id: interviewVersions.id });
      return (status: 'partial' | 'complete', submittedAt: Date | null) => ({ projectId, interviewId: iv.id, versionId: v.id, status, submittedAt });
    };
    const a = await make('A');
    const b = await make('B');
    await w.db
      .insert(interviewResponses)
      .values([
        a('complete', new Date(Date.now() - hour)),
        a('complete', new Date(Date.now() - 8 * 24 * hour)),
        a('partial', null),
        b('complete', new Date()),
      ] as never);
    expect(await countOf('A', me.userId, ['INTERVIEWS__VIEW'], 'newResponses')).toBe(before + 1);
  });

  it('chats: unread messages by others in visible conversations; open support conversations', async () => {
    const me = await w.memberOf('B', ['CHATS__TEAM', 'CHATS__SUPPORT']);
    const other = await w.memberOf('B', ['CHATS__TEAM']);
    const projectId = w.project.B.id;
    const unreadBefore = (await countOf('B', me.userId, ['CHATS__TEAM'], 'unreadChats')) ?? 0;
    const supportBefore = (await countOf('B', me.userId, ['CHATS__SUPPORT'], 'openSupport')) ?? 0;
    const [channel] = await w.db
      .insert(chatConversations)
      .values({ projectId, kind: 'channel', name: `Attention ${next()}` })
      .returning({ id: chatConversations.id });
    const seq = 900_000 + next() * 10;
    await w.db.insert(chatMessages).values([
      { projectId, conversationId: channel.id, seq, authorId: other.userId, body: 'one' },
      { projectId, conversationId: channel.id, seq: seq + 1, authorId: other.userId, body: 'two' },
      { projectId, conversationId: channel.id, seq: seq + 2, authorId: me.userId, body: 'mine' },
    ]);
    await w.db
      .update(chatConversations)
      .set({ lastMessageSeq: seq + 2 })
      .where(eq(chatConversations.id, channel.id));
    await w.db
      .insert(chatCounters)
      .values({ projectId, lastSeq: seq + 2 })
      .onConflictDoUpdate({ target: chatCounters.projectId, set: { lastSeq: sql`greatest(${chatCounters.lastSeq}, ${seq + 2})` } });
    const customer = await w.signedIn();
    await w.db.insert(chatConversations).values({ projectId, kind: 'support', customerId: customer.userId, status: 'open' });
    expect(await countOf('B', me.userId, ['CHATS__TEAM'], 'unreadChats')).toBe(unreadBefore + 2);
    expect(await countOf('B', me.userId, ['CHATS__SUPPORT'], 'openSupport')).toBe(supportBefore + 1);
    // The support tab's figure needs the support permission.
    expect(await countOf('B', me.userId, ['CHATS__TEAM'], 'openSupport')).toBeUndefined();
  });
});

describe('attention list', () => {
  it('shows a provider only to profiles holding its permissions; zeros stay, in the providers’ order', async () => {
    const keys = async (permissions: string[]) => (await attentionFor(w.db, scope('A', crypto.randomUUID(), permissions))).map((i) => i.key);
    expect(await keys([])).toEqual([]);
    expect(await keys(['BOARDS__VIEW'])).toEqual(['cardsOverdue', 'cardsDue']);
    expect(await keys(['CHATS__TEAM'])).toEqual(['unreadChats']);
    const fixed = (key: string, count: number): AttentionProvider => ({ key, permissions: [], route: 'dashboard', count: async () => count });
    const items = await attentionFor(w.db, scope('A', crypto.randomUUID(), []), [fixed('b', 3), fixed('none', 0), fixed('a', 1)]);
    expect(items.map((i) => [i.key, i.count])).toEqual([
      ['b', 3],
      ['none', 0],
      ['a', 1],
    ]);
  });

  it('GET /api/dashboard/attention: 401 anonymous, 403 without a project, the profile’s items in the active project', async () => {
    expect((await w.anonymous().call(GET, '/api/dashboard/attention', { method: 'GET' })).status).toBe(401);
    const loose = await w.signedIn();
    expect((await loose.client.call(GET, '/api/dashboard/attention', { method: 'GET' })).status).toBe(403);
    const me = await w.memberOf('A', ['REQUESTS__VIEW']);
    const res = await me.client.call(GET, '/api/dashboard/attention', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: { key: string }) => i.key)).toEqual(['assignedRequests', 'slaBreaches']);
    expect(res.body.data[0]).toMatchObject({ route: 'requests', query: 'view=mine&status=unsolved', count: 0 });
  });
});
