import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/dashboard/activity/route';
import { audit } from '@/lib/audit/service';
import { boardActivity, boardCards, boardColumns, boards } from '@/lib/boards/tables';
import { ACTIVITY_LIMIT, recentActivity } from '@/lib/dashboard/activity';
import { requestsApi } from './helpers/requests';
import { users } from '@/lib/users/tables';
import { setupWorld } from './matrix/world';

const w = setupWorld();
const grant = (permissions: string[]) => ({ isRoot: false, permissions });

describe('recent activity', () => {
  it('lists the project’s entries a profile may open, newest first, with the actor and a link', async () => {
    const actor = await w.memberOf('A', ['USERS__VIEW']);
    const A = w.project.A.id;
    await audit(w.db, { userId: actor.userId, projectId: A }, { action: 'member.invite', data: { email: 'guest@example.test' } });
    await audit(w.db, { userId: actor.userId, projectId: A }, { action: 'profile.create', data: { name: 'Editors' } });
    await audit(
      w.db,
      { userId: actor.userId, projectId: A },
      { action: 'invoice.send', target: { type: 'invoice', id: '00000000-0000-4000-8000-000000000001' } },
    );
    await audit(w.db, { userId: actor.userId, projectId: w.project.B.id }, { action: 'member.invite', data: { email: 'b@example.test' } });

    const members = await recentActivity(w.db, A, grant(['USERS__VIEW']));
    expect(members.map((e) => e.action)).toContain('member.invite');
    expect(members.every((e) => e.action.startsWith('member.'))).toBe(true);
    const invite = members.find((e) => e.subject === 'guest@example.test')!;
    expect(invite.actor?.name).toBeTruthy();
    expect(invite.link).toEqual({ route: 'users' });
    // B's entry never shows in A.
    expect(members.some((e) => e.subject === 'b@example.test')).toBe(false);

    const invoicesOnly = await recentActivity(w.db, A, grant(['INVOICES__VIEW']));
    expect(invoicesOnly[0]).toMatchObject({ action: 'invoice.send', link: { route: 'invoice', params: { id: '00000000-0000-4000-8000-000000000001' } } });

    const all = await recentActivity(w.db, A, { isRoot: true, permissions: [] });
    expect(all.map((e) => e.action).slice(0, 3)).toEqual(['invoice.send', 'profile.create', 'member.invite']);
    expect(await recentActivity(w.db, A, grant(['CHATS__TEAM']))).toEqual([]);
  });

  it('adds board changes for profiles that see boards, and keeps to the newest 20', async () => {
    const me = await w.memberOf('B', ['BOARDS__VIEW']);
    const projectId = w.project.B.id;
    const [board] = await w.db.insert(boards).values({ projectId, name: 'Launch' }).returning({ id: boards.id });
    const [column] = await w.db.insert(boardColumns).values({ projectId, boardId: board.id, name: 'To do', rank: 'a' }).returning({ id: boardColumns.id });
    const [card] = await w.db
      .insert(boardCards)
      .values({ projectId, boardId: board.id, columnId: column.id, rank: 'a', title: 'Write copy' })
      .returning({ id: boardCards.id });
    await w.db
      .insert(boardActivity)
      .values(Array.from({ length: ACTIVITY_LIMIT + 5 }, () => ({ projectId, boardId: board.id, cardId: card.id, actorId: me.userId, kind: 'updated' })));
    const entries = await recentActivity(w.db, projectId, grant(['BOARDS__VIEW']));
    expect(entries).toHaveLength(ACTIVITY_LIMIT);
    expect(entries[0]).toMatchObject({ action: 'board.updated', subject: 'Write copy', link: { route: 'board', params: { id: board.id } } });
    expect(await recentActivity(w.db, w.project.A.id, grant(['BOARDS__VIEW']))).toEqual([]);
  });

  it('adds requests opened, replies and notes for profiles that see requests, each linking to its request', async () => {
    const requester = await w.memberOf('B', []);
    const staff = await w.memberOf('B', ['REQUESTS__VIEW', 'REQUESTS__UPDATE']);
    const B = w.project.B.id;
    const opened = await requestsApi(requester.client).open({ projectId: B, subject: 'Invoice address wrong', type: 'problem', body: 'Please fix.' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.data.request.id as string;
    expect((await requestsApi(staff.client).reply(id, { body: 'On it.' })).status).toBe(201);
    expect((await requestsApi(staff.client).reply(id, { body: 'Billing owns this.', internal: true })).status).toBe(201);

    const entries = (await recentActivity(w.db, B, grant(['REQUESTS__VIEW']))).filter((e) => e.action.startsWith('request.'));
    expect(entries.map((e) => e.action)).toEqual(['request.noted', 'request.replied', 'request.opened']);
    expect(entries.every((e) => e.subject === 'Invoice address wrong')).toBe(true);
    expect(entries.every((e) => JSON.stringify(e.link) === JSON.stringify({ route: 'request', params: { id } }))).toBe(true);
    const nameOf = async (userId: string) => (await w.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0].name;
    const [staffName, requesterName] = [await nameOf(staff.userId), await nameOf(requester.userId)];
    expect(entries.map((e) => e.actor?.name)).toEqual([staffName, staffName, requesterName]);
    // Without the permission, and in another project, none of it shows.
    expect((await recentActivity(w.db, B, grant(['USERS__VIEW']))).some((e) => e.action.startsWith('request.'))).toBe(false);
    expect((await recentActivity(w.db, w.project.A.id, grant(['REQUESTS__VIEW']))).some((e) => e.subject === 'Invoice address wrong')).toBe(false);
  });

  it('GET /api/dashboard/activity: 401 anonymous, 403 without a project, 200 for a member', async () => {
    expect((await w.anonymous().call(GET, '/api/dashboard/activity', { method: 'GET' })).status).toBe(401);
    const loose = await w.signedIn();
    expect((await loose.client.call(GET, '/api/dashboard/activity', { method: 'GET' })).status).toBe(403);
    const me = await w.memberOf('A', ['PROFILES__VIEW']);
    const res = await me.client.call(GET, '/api/dashboard/activity', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { action: string }) => e.action)).toEqual(['profile.create']);
  });
});
