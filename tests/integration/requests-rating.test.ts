import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emails } from '@/lib/mail/tables';
import { memberships } from '@/lib/projects/tables';
import { RATING_CHANGES_MAX } from '@/lib/requests/limits';
import { ratingToken } from '@/lib/requests/rating';
import { requestRatings, requests } from '@/lib/requests/tables';
import { setupChatBus } from './helpers/chats';
import { requestsApi } from './helpers/requests';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
setupChatBus();
const api = (m: Member) => requestsApi(m.client);
const STAFF = ['REQUESTS__VIEW', 'REQUESTS__UPDATE'];

async function solved(project: 'A' | 'B' = 'A', status: 'resolved' | 'closed' = 'resolved') {
  const user = await w.memberOf(project, []);
  const staff = await w.memberOf(project, STAFF);
  const res = await api(user).open({ projectId: w.project[project].id, subject: 'Broken', type: 'problem', body: 'Help' });
  const id = res.body.data.request.id as string;
  expect((await api(staff).patch(id, { status })).status).toBe(200);
  return { user, staff, id };
}

/** The token of the rating link emailed for the request. */
async function emailedToken(email: string): Promise<string> {
  const [mail] = await w.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, email), eq(emails.kind, 'requestSolved')));
  expect(mail, 'the rating email').toBeDefined();
  expect(mail.text).toContain('/rate-request?token=');
  return decodeURIComponent(new URL(mail.links[0]).searchParams.get('token')!);
}

describe('satisfaction rating', () => {
  it('the emailed link rates without a session; staff read it; the home’s figure counts it', async () => {
    const { user, staff, id } = await solved();
    const token = await emailedToken(user.email);
    const anon = requestsApi(w.anonymous());
    const res = await anon.rateByLink({ token, score: 'bad', comment: 'Slow answer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rating).toMatchObject({ score: 'bad', comment: 'Slow answer', changesLeft: RATING_CHANGES_MAX - 1 });
    const detail = (await api(staff).get(id)).body.data;
    expect(detail.rating).toMatchObject({ score: 'bad', comment: 'Slow answer' });
    // Overwritten by a second thought, from the link or the request page.
    expect((await anon.rateByLink({ token, score: 'good' })).status).toBe(200);
    const own = (await api(user).own(id)).body.data;
    expect(own.rating).toMatchObject({ score: 'good', comment: '', changesLeft: RATING_CHANGES_MAX - 2 });
    expect(own.mayRate).toBe(true);
    const figure = (await api(staff).satisfaction()).body.data;
    expect(figure).toMatchObject({ good: 1, total: 1, days: 30 });
  });

  it('the requester rates from their own page until the limit; others and unsolved requests are refused', async () => {
    const { user, staff, id } = await solved('A', 'closed');
    for (let i = 0; i < RATING_CHANGES_MAX; i++) expect((await api(user).rateOwn(id, { score: i % 2 ? 'good' : 'bad' })).status).toBe(200);
    const over = await api(user).rateOwn(id, { score: 'good', comment: 'again' });
    expect(over.status).toBe(409);
    const [row] = await w.db.select().from(requestRatings).where(eq(requestRatings.requestId, id));
    expect(row).toMatchObject({ score: 'bad', changes: RATING_CHANGES_MAX });
    expect((await api(user).own(id)).body.data.mayRate).toBe(false);
    // The link is capped by the same count.
    const link = await requestsApi(w.anonymous()).rateByLink({ token: await emailedToken(user.email), score: 'good' });
    expect(link.status).toBe(409);

    const other = await w.memberOf('A', []);
    expect((await api(other).rateOwn(id, { score: 'good' })).status).toBe(404);
    expect((await api(staff).rateOwn(id, { score: 'good' })).status).toBe(404);
    const open = await api(user).open({ projectId: w.project.A.id, subject: 'Still open', type: 'question', body: '?' });
    const openId = open.body.data.request.id as string;
    expect((await api(user).rateOwn(openId, { score: 'good' })).status).toBe(409);
    expect((await api(user).own(openId)).body.data.mayRate).toBe(false);
    const bad = await api(user).rateOwn(id, { score: 'great', comment: 'x'.repeat(1001) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['comment', 'score']);
    expect((await w.db.select().from(requestRatings).where(eq(requestRatings.requestId, openId))).length).toBe(0);
  });

  it('refuses a forged, altered, reopened or stale token and writes nothing', async () => {
    const { user, staff, id } = await solved('B');
    const token = await emailedToken(user.email);
    const anon = requestsApi(w.anonymous());
    const [rid, solvedAt, sig] = token.split('.');
    const [other] = await w.db.select({ id: requests.id }).from(requests).where(eq(requests.projectId, w.project.A.id)).limit(1);
    const forged = [
      '',
      'garbage',
      `${rid}.${solvedAt}.${sig.slice(0, -2)}AA`,
      `${other.id}.${solvedAt}.${sig}`,
      `${rid}.${(parseInt(solvedAt, 36) + 1).toString(36)}.${sig}`,
      `${token}.extra`,
    ];
    for (const bad of forged) {
      const res = await anon.rateByLink({ token: bad, score: 'good' });
      expect(res.status, bad).toBe(400);
      expect(res.body.data.fields, bad).toHaveProperty('token');
    }
    expect(await w.db.select().from(requestRatings).where(eq(requestRatings.requestId, id))).toEqual([]);
    // Reopened: the old link dies (solving again sends a new one).
    expect((await api(staff).patch(id, { status: 'open' })).status).toBe(200);
    expect((await anon.rateByLink({ token, score: 'good' })).status).toBe(400);
    expect((await api(staff).patch(id, { status: 'resolved' })).status).toBe(200);
    const [fresh] = await w.db.select().from(requests).where(eq(requests.id, id));
    expect((await anon.rateByLink({ token: ratingToken(fresh), score: 'good' })).status).toBe(200);
    // Too old.
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await w.db.update(requests).set({ resolvedAt: old }).where(eq(requests.id, id));
    expect((await anon.rateByLink({ token: ratingToken({ id, resolvedAt: old }), score: 'bad' })).status).toBe(400);
    // No longer a user of the project.
    await w.db.update(requests).set({ resolvedAt: new Date() }).where(eq(requests.id, id));
    const [now] = await w.db.select().from(requests).where(eq(requests.id, id));
    await w.db
      .update(memberships)
      .set({ status: 0 })
      .where(and(eq(memberships.userId, user.userId), eq(memberships.projectId, w.project.B.id)));
    expect((await anon.rateByLink({ token: ratingToken(now), score: 'bad' })).status).toBe(400);
    const [kept] = await w.db.select().from(requestRatings).where(eq(requestRatings.requestId, id));
    expect(kept.score).toBe('good');
  });

  it('the figure is per project, of the last 30 days, and needs REQUESTS__VIEW', async () => {
    const { user, staff, id } = await solved('B');
    await api(user).rateOwn(id, { score: 'good' });
    const before = (await api(staff).satisfaction()).body.data;
    await w.db
      .update(requestRatings)
      .set({ updatedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(requestRatings.requestId, id));
    const after = (await api(staff).satisfaction()).body.data;
    expect(after.total).toBe(before.total - 1);
    expect(after.good).toBe(before.good - 1);
    const other = await w.memberOf('B', ['REQUESTS__UPDATE']);
    expect((await api(other).satisfaction()).status).toBe(403);
  });
});
