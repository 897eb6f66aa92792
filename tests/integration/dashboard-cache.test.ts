import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '@/lib/audit/service';
import { auditLog } from '@/lib/audit/tables';
import { callerCache } from '@/lib/auth/callers';
import { boardActivity, boardCards, boardColumns } from '@/lib/boards/tables';
import { chatConversations, chatCounters, chatMessages } from '@/lib/chats/tables';
import { cachedActivity, recentActivity } from '@/lib/dashboard/activity';
import { attentionFor } from '@/lib/dashboard/attention';
import { addDays, dayIn } from '@/lib/dashboard/days';
import { dbHandle } from '@/lib/db/client';
import { interviewResponses, interviews, interviewVersions } from '@/lib/interviews/tables';
import { invoices } from '@/lib/invoices/tables';
import { cachedSatisfaction, satisfaction } from '@/lib/requests/rating';
import { requestMessages, requestRatings, requests } from '@/lib/requests/tables';
import { invitations } from '@/lib/users/invitation-tables';
import { users } from '@/lib/users/tables';
import { cardRowsIn } from './helpers/boards';
import { invoiceRow } from './helpers/invoices';
import { feedSettled } from './helpers/feed';
import { setupWorld } from './matrix/world';

// The dashboard home keeps its figures and activity per project (migration 0025): every
// write that can change them must drop them at once, whoever makes it, so each change
// below is made straight in the database, after the cached answer was served, and the
// very next cached read must equal a fresh one.

const w = setupWorld();
const ROOT = { isRoot: true, permissions: [] };
let n = 0;
const next = () => (n += 1);

beforeAll(async () => {
  callerCache(dbHandle());
  await feedSettled();
});

async function both(projectId: string, userId: string) {
  const scope = { projectId, userId, grant: ROOT, timeZone: 'UTC' };
  const [fresh, cached, activity, activityCached] = await Promise.all([
    attentionFor(w.db, scope),
    attentionFor(w.db, scope, undefined, { cached: true }),
    recentActivity(w.db, projectId, ROOT),
    cachedActivity(w.db, projectId, ROOT),
  ]);
  expect(cached).toEqual(fresh);
  expect(activityCached).toEqual(activity);
  return { counts: Object.fromEntries(fresh.map((i) => [i.key, i.count])), activity };
}

/** Serves the cached answer once (a hit), makes the change, and returns before and after. */
async function around(projectId: string, userId: string, change: () => Promise<unknown>) {
  await feedSettled();
  await both(projectId, userId);
  const hits = callerCache(dbHandle()).stats().hits;
  const before = await both(projectId, userId);
  expect(callerCache(dbHandle()).stats().hits).toBeGreaterThan(hits);
  await change();
  return { before, after: await both(projectId, userId) };
}

describe('the dashboard home through the cache', () => {
  it('serves repeated reads from memory, and skips a write the database did not announce', async () => {
    const me = await w.memberOf('A', []);
    const A = w.project.A.id;
    await audit(w.db, { userId: me.userId, projectId: A }, { action: 'profile.create', data: { name: 'Seen' } });
    await feedSettled();
    const first = await cachedActivity(w.db, A, ROOT);
    await w.db.transaction(async (tx) => {
      // What no code path does: write without the announcement, to prove reads skip the database.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(auditLog)
        .set({ data: { name: 'Unannounced' } })
        .where(eq(auditLog.projectId, A));
    });
    await feedSettled();
    expect((await cachedActivity(w.db, A, ROOT))[0].subject).toBe(first[0].subject);
    expect((await recentActivity(w.db, A, ROOT))[0].subject).toBe('Unannounced');
    await audit(w.db, { userId: me.userId, projectId: A }, { action: 'profile.create', data: { name: 'Announced' } });
    expect((await cachedActivity(w.db, A, ROOT)).map((e) => e.subject).slice(0, 2)).toEqual(['Announced', 'Unannounced']);
  });

  it('an audit entry, a board change and a request reply appear on the next read', async () => {
    const me = await w.memberOf('B', []);
    const B = w.project.B.id;
    const entry = await around(B, me.userId, () =>
      audit(w.db, { userId: me.userId, projectId: B }, { action: 'member.invite', data: { email: `x${next()}@example.test` } }),
    );
    expect(entry.after.activity[0].action).toBe('member.invite');

    const row = await cardRowsIn(w.db, B, me.userId);
    const [card] = await w.db.insert(boardCards).values(row('Cached card', null)).returning();
    const moved = await around(B, me.userId, () =>
      w.db.insert(boardActivity).values({ projectId: B, boardId: card.boardId, cardId: card.id, actorId: me.userId, kind: 'moved' }),
    );
    expect(moved.after.activity[0]).toMatchObject({ action: 'board.moved', subject: 'Cached card' });

    const [request] = await w.db
      .insert(requests)
      .values({ projectId: B, number: 20_000 + next(), requesterId: me.userId, subject: 'Cached request', type: 'question', status: 'open' })
      .returning();
    const replied = await around(B, me.userId, () =>
      w.db.insert(requestMessages).values({ projectId: B, requestId: request.id, authorId: me.userId, kind: 'reply', body: 'Hello' } as never),
    );
    expect(replied.after.activity[0]).toMatchObject({ subject: 'Cached request' });
  });

  it("an actor's new name replaces the old one in entries already served", async () => {
    const me = await w.memberOf('A', []);
    const A = w.project.A.id;
    await audit(w.db, { userId: me.userId, projectId: A }, { action: 'profile.create', data: { name: `Named ${next()}` } });
    const renamed = await around(A, me.userId, () => w.db.update(users).set({ name: 'Renamed Actor' }).where(eq(users.id, me.userId)));
    expect(renamed.after.activity[0].actor?.name).toBe('Renamed Actor');
  });

  it('every figure moves on the next read: requests, cards, columns, invoices, responses, invitations', async () => {
    const me = await w.memberOf('A', []);
    const A = w.project.A.id;
    const today = dayIn('UTC');
    const delta = async (key: string, change: () => Promise<unknown>) => {
      const { before, after } = await around(A, me.userId, change);
      return after.counts[key] - before.counts[key];
    };

    expect(
      await delta('assignedRequests', () =>
        w.db
          .insert(requests)
          .values({ projectId: A, number: 30_000 + next(), requesterId: me.userId, subject: 'Mine', type: 'question', status: 'open', assigneeId: me.userId }),
      ),
    ).toBe(1);
    expect(
      await delta('slaBreaches', () =>
        w.db.insert(requests).values({
          projectId: A,
          number: 30_000 + next(),
          requesterId: me.userId,
          subject: 'Late',
          type: 'question',
          status: 'new',
          firstResponseDueAt: new Date(Date.now() - 3600_000),
        }),
      ),
    ).toBe(1);

    const row = await cardRowsIn(w.db, A, me.userId);
    const [card] = await w.db
      .insert(boardCards)
      .values(row('Later', addDays(today, 30)))
      .returning();
    expect(
      await delta('cardsOverdue', () =>
        w.db
          .update(boardCards)
          .set({ dueOn: addDays(today, -1) })
          .where(eq(boardCards.id, card.id)),
      ),
    ).toBe(1);
    // Archiving the column hides its cards: a change to another table than the one counted.
    expect(await delta('cardsOverdue', () => w.db.update(boardColumns).set({ archivedAt: new Date() }).where(eq(boardColumns.id, card.columnId)))).toBe(-1);

    expect(await delta('invoicesOverdue', () => w.db.insert(invoices).values(invoiceRow(A, addDays(today, -2), 'sent') as never))).toBe(1);

    const [iv] = await w.db
      .insert(interviews)
      .values({ projectId: A, slug: `cached-${next()}`, title: 'Survey' })
      .returning({ id: interviews.id });
    const [v] = await w.db.insert(interviewVersions).values({ interviewId: iv.id, number: 1, questions: [] }).returning({ id: interviewVersions.id });
    expect(
      await delta('newResponses', () =>
        w.db.insert(interviewResponses).values({ projectId: A, interviewId: iv.id, versionId: v.id, status: 'complete', submittedAt: new Date() } as never),
      ),
    ).toBe(1);

    expect(
      await delta('pendingInvitations', () =>
        w.db
          .insert(invitations)
          .values({ projectId: A, email: `cached-${next()}@example.test`, tokenHash: `cached-${n}`, expiresAt: new Date(Date.now() + 3600_000) }),
      ),
    ).toBe(1);
  });

  it('the satisfaction figure moves on the next rating', async () => {
    const me = await w.memberOf('A', []);
    const A = w.project.A.id;
    const [request] = await w.db
      .insert(requests)
      .values({ projectId: A, number: 40_000 + next(), requesterId: me.userId, subject: 'Rated', type: 'question', status: 'resolved' })
      .returning();
    await feedSettled();
    const before = await cachedSatisfaction(w.db, A);
    expect(await cachedSatisfaction(w.db, A)).toEqual(before);
    await w.db.insert(requestRatings).values({ requestId: request.id, projectId: A, score: 'good' });
    expect(await cachedSatisfaction(w.db, A)).toEqual({ ...before, good: before.good + 1, total: before.total + 1 });
    expect(await cachedSatisfaction(w.db, A)).toEqual(await satisfaction(w.db, A));
  });

  it("chat figures follow the chats' own announcements (migration 0027): a message moves them at once", async () => {
    const me = await w.memberOf('B', []);
    const other = await w.memberOf('B', []);
    const B = w.project.B.id;
    const [channel] = await w.db
      .insert(chatConversations)
      .values({ projectId: B, kind: 'channel', name: `Cached ${next()}` })
      .returning({ id: chatConversations.id });
    const seq = 800_000 + next() * 10;
    const { before, after } = await around(B, me.userId, async () => {
      await w.db.transaction(async (tx) => {
        await tx.insert(chatMessages).values({ projectId: B, conversationId: channel.id, seq, authorId: other.userId, body: 'new' });
        await tx.update(chatConversations).set({ lastMessageSeq: seq }).where(eq(chatConversations.id, channel.id));
        await tx
          .insert(chatCounters)
          .values({ projectId: B, lastSeq: seq })
          .onConflictDoUpdate({ target: chatCounters.projectId, set: { lastSeq: sql`greatest(${chatCounters.lastSeq}, ${seq})` } });
      });
    });
    expect(after.counts.unreadChats).toBe(before.counts.unreadChats + 1);
  });
});
