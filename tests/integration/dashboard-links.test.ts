import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listInterviews } from '@/app/api/interviews/route';
import { GET as listInvoices } from '@/app/api/invoices/route';
import { GET as listRequests } from '@/app/api/requests/route';
import { listMyCards } from '@/lib/boards/mine';
import { boardsPageQuerySchema } from '@/lib/boards/schemas';
import { boardCards } from '@/lib/boards/tables';
import { attentionFor } from '@/lib/dashboard/attention';
import { addDays, dayIn } from '@/lib/dashboard/days';
import { cardsDue, cardsOverdue } from '@/lib/dashboard/providers/boards';
import { newResponses } from '@/lib/dashboard/providers/interviews';
import { invoicesDue, invoicesOverdue } from '@/lib/dashboard/providers/invoices';
import { interviewResponses, interviews, interviewVersions } from '@/lib/interviews/tables';
import { assignedRequests } from '@/lib/dashboard/providers/requests';
import { invoices, type InvoiceStatus } from '@/lib/invoices/tables';
import { projects } from '@/lib/projects/tables';
import { requests } from '@/lib/requests/tables';
import { cardRowsIn } from './helpers/boards';
import { invoiceRow } from './helpers/invoices';
import { setupWorld, type Member, type ProjectName } from './matrix/world';

// Each figure on the dashboard home links to a list: the list at that link holds exactly
// the items the figure counts (the same people, project and condition).

const w = setupWorld();
let n = 0;
const next = () => (n += 1);

/** The figure the home shows the member for `key`, computed as the home computes it (in the project's zone). */
async function figure(member: Member, project: ProjectName, permissions: string[], key: string): Promise<number | undefined> {
  const items = await attentionFor(w.db, { projectId: w.project[project].id, userId: member.userId, grant: { isRoot: false, permissions } });
  return items.find((i) => i.key === key)?.count;
}

/** Puts the project in `timeZone` and answers its today: "today" is the project's, not the server's. */
async function zoned(project: ProjectName, timeZone: string): Promise<string> {
  await w.db.update(projects).set({ timeZone }).where(eq(projects.id, w.project[project].id));
  return dayIn(timeZone);
}

describe('requests assigned to me', () => {
  it('the link’s list holds the open requests assigned to the viewer, not the solved ones', async () => {
    const me = await w.memberOf('A', ['REQUESTS__VIEW']);
    const other = await w.memberOf('A', ['REQUESTS__VIEW']);
    const req = (p: ProjectName, subject: string, over: Partial<typeof requests.$inferInsert>) => ({
      projectId: w.project[p].id,
      number: 20_000 + next(),
      requesterId: other.userId,
      subject,
      type: 'question' as const,
      ...over,
    });
    await w.db
      .insert(requests)
      .values([
        req('A', 'new one', { assigneeId: me.userId, status: 'new' }),
        req('A', 'open one', { assigneeId: me.userId, status: 'open' }),
        req('A', 'pending one', { assigneeId: me.userId, status: 'pending', priority: 'urgent' }),
        req('A', 'resolved one', { assigneeId: me.userId, status: 'resolved' }),
        req('A', 'closed one', { assigneeId: me.userId, status: 'closed' }),
        req('A', 'someone else’s', { assigneeId: other.userId, status: 'open' }),
        req('B', 'other project', { assigneeId: me.userId, status: 'open' }),
      ]);
    expect(assignedRequests.route).toBe('requests');
    const res = await me.client.call(listRequests, `/api/requests?${assignedRequests.query}`, { method: 'GET' });
    expect(res.status).toBe(200);
    const subjects = res.body.data.items.map((r: { subject: string }) => r.subject).sort();
    expect(subjects).toEqual(['new one', 'open one', 'pending one']);
    expect(res.body.data.total).toBe(await figure(me, 'A', ['REQUESTS__VIEW'], 'assignedRequests'));
    // Without the status filter the "mine" view also lists the solved ones: the link needs both.
    const mine = await me.client.call(listRequests, '/api/requests?view=mine', { method: 'GET' });
    expect(mine.body.data.total).toBe(5);
  });

  it('refuses a status the list does not know', async () => {
    const me = await w.memberOf('A', ['REQUESTS__VIEW']);
    expect((await me.client.call(listRequests, '/api/requests?status=solved-ish', { method: 'GET' })).status).toBe(400);
  });
});

describe('invoices overdue and due soon', () => {
  it('each link’s list holds the unpaid invoices its figure counts, in the project’s day', async () => {
    const me = await w.memberOf('B', ['INVOICES__VIEW']);
    // A zone far from UTC: a day computed in UTC would disagree for part of every day.
    const today = await zoned('B', 'Pacific/Kiritimati');
    const inv = (p: ProjectName, dueDate: string, status: InvoiceStatus) => invoiceRow(w.project[p].id, dueDate, status);
    const rows = await w.db
      .insert(invoices)
      .values([
        inv('B', addDays(today, -1), 'sent'),
        inv('B', addDays(today, -9), 'partial'),
        inv('B', addDays(today, -3), 'paid'),
        inv('B', addDays(today, -3), 'draft'),
        inv('B', addDays(today, -3), 'void'),
        inv('B', today, 'viewed'),
        inv('B', addDays(today, 6), 'sent'),
        inv('B', addDays(today, 7), 'sent'),
        inv('B', addDays(today, 2), 'paid'),
        inv('A', addDays(today, -1), 'sent'),
        inv('A', today, 'sent'),
      ] as never)
      .returning({ number: invoices.number });
    const numbers = rows.map((r) => r.number);
    const listed = async (query: string) => {
      const res = await me.client.call(listInvoices, `/api/invoices?${query}`, { method: 'GET' });
      expect(res.status).toBe(200);
      return (res.body.invoices as { number: string }[]).map((i) => i.number).sort();
    };
    expect(invoicesOverdue.route).toBe('invoices');
    const overdue = await listed(invoicesOverdue.query!);
    expect(overdue).toEqual([numbers[0], numbers[1]].sort());
    expect(overdue).toHaveLength((await figure(me, 'B', ['INVOICES__VIEW'], 'invoicesOverdue'))!);
    const soon = await listed(invoicesDue.query!);
    expect(soon).toEqual([numbers[5], numbers[6]].sort());
    expect(soon).toHaveLength((await figure(me, 'B', ['INVOICES__VIEW'], 'invoicesDue'))!);
    // The filter is checked at the boundary.
    expect((await me.client.call(listInvoices, '/api/invoices?due=someday', { method: 'GET' })).status).toBe(400);
    await zoned('B', 'UTC');
  });
});

describe('my cards overdue and due this week', () => {
  it('each link’s "My cards" holds the viewer’s live cards its figure counts, in the project’s day', async () => {
    const me = await w.memberOf('A', ['BOARDS__VIEW']);
    const today = await zoned('A', 'Pacific/Kiritimati');
    const boardIn = (p: ProjectName, archivedColumn = false) => cardRowsIn(w.db, w.project[p].id, me.userId, { archivedColumn });
    const a = await boardIn('A');
    const a2 = await boardIn('A');
    const shelved = await boardIn('A', true);
    const b = await boardIn('B');
    await w.db
      .insert(boardCards)
      .values([
        a('yesterday', addDays(today, -1)),
        a2('last month', addDays(today, -30)),
        a('today', today),
        a2('in six days', addDays(today, 6)),
        a('in seven days', addDays(today, 7)),
        a('no due day', null),
        a('archived card', addDays(today, -1), { archivedAt: new Date() }),
        shelved('in an archived column', addDays(today, -1)),
        a('someone else’s', addDays(today, -1), { assigneeIds: [] }),
        b('other project', addDays(today, -1)),
      ]);
    const listed = async (query: string) => {
      const { view, due } = boardsPageQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      expect(view).toBe('mine');
      const { cards } = await listMyCards({ db: w.db, project: w.project.A } as never, me.userId, due || '');
      return cards.map((c) => c.title);
    };
    expect(cardsOverdue.route).toBe('boards');
    const overdue = await listed(cardsOverdue.query!);
    expect(overdue).toEqual(['last month', 'yesterday']);
    expect(overdue).toHaveLength((await figure(me, 'A', ['BOARDS__VIEW'], 'cardsOverdue'))!);
    const week = await listed(cardsDue.query!);
    expect(week).toEqual(['today', 'in six days']);
    expect(week).toHaveLength((await figure(me, 'A', ['BOARDS__VIEW'], 'cardsDue'))!);
    // Without a due filter: every live card of the viewer in the project, no due day last.
    expect(await listed('view=mine')).toEqual(['last month', 'yesterday', 'today', 'in six days', 'in seven days', 'no due day']);
    await zoned('A', 'UTC');
  });
});

describe('new interview responses', () => {
  it('the link’s list holds the interviews with complete responses of the last 7 days, and their counts add up to the figure', async () => {
    const me = await w.memberOf('B', ['INTERVIEWS__VIEW']);
    const day = 24 * 3600_000;
    const make = async (p: ProjectName, title: string) => {
      const projectId = w.project[p].id;
      const [iv] = await w.db
        .insert(interviews)
        .values({ projectId, slug: `links-${next()}`, title })
        .returning({ id: interviews.id });
      const [v] = await w.db.insert(interviewVersions).values({ interviewId: iv.id, number: 1, questions: [] }).returning({ id: interviewVersions.id });
      return (status: 'partial' | 'complete', ago: number | null) => ({
        projectId,
        interviewId: iv.id,
        versionId: v.id,
        status,
        submittedAt: ago === null ? null : new Date(Date.now() - ago),
      });
    };
    const busy = await make('B', 'Busy');
    await make('B', 'Quiet');
    const old = await make('B', 'Old only');
    const elsewhere = await make('A', 'Other project');
    await w.db
      .insert(interviewResponses)
      .values([
        busy('complete', 3600_000),
        busy('complete', 6 * day),
        busy('complete', 8 * day),
        busy('partial', null),
        old('complete', 10 * day),
        elsewhere('complete', 3600_000),
      ] as never);
    expect(newResponses.route).toBe('interviews');
    const res = await me.client.call(listInterviews, `/api/interviews?${newResponses.query}`, { method: 'GET' });
    expect(res.status).toBe(200);
    const rows = res.body.interviews as { title: string; newResponses: number; responses: number }[];
    expect(rows.map((i) => [i.title, i.newResponses])).toEqual([['Busy', 2]]);
    expect(rows.reduce((sum, i) => sum + i.newResponses, 0)).toBe(await figure(me, 'B', ['INTERVIEWS__VIEW'], 'newResponses'));
    // Unfiltered, every interview is listed with its count (zero for the quiet ones).
    const all = await me.client.call(listInterviews, '/api/interviews', { method: 'GET' });
    const counts = Object.fromEntries(all.body.interviews.map((i: { title: string; newResponses: number }) => [i.title, i.newResponses]));
    expect(counts).toEqual({ Busy: 2, Quiet: 0, 'Old only': 0 });
    expect((await me.client.call(listInterviews, '/api/interviews?responses=old', { method: 'GET' })).status).toBe(400);
  });
});
