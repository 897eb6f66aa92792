import { describe, expect, it } from 'vitest';
import { GET as listRequests } from '@/app/api/requests/route';
import { attentionFor } from '@/lib/dashboard/attention';
import { assignedRequests } from '@/lib/dashboard/providers/requests';
import { requests } from '@/lib/requests/tables';
import { setupWorld, type Member, type ProjectName } from './matrix/world';

// Each figure on the dashboard home links to a list: the list at that link holds exactly
// the items the figure counts (the same people, project and condition).

const w = setupWorld();
let n = 0;
const next = () => (n += 1);

/** The figure the home shows the member for `key`, computed as the home computes it. */
async function figure(member: Member, project: ProjectName, permissions: string[], key: string): Promise<number | undefined> {
  const items = await attentionFor(w.db, { projectId: w.project[project].id, userId: member.userId, grant: { isRoot: false, permissions }, timeZone: 'UTC' });
  return items.find((i) => i.key === key)?.count;
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
