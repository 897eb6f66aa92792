import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as funnelRoute from '@/app/api/interviews/[id]/funnel/route';
import type { Answers } from '@/lib/interviews/answers';
import type { Question } from '@/lib/interviews/questions';
import { interviewResponses, interviews, interviewVersions } from '@/lib/interviews/tables';
import { accountsDb } from './helpers/accounts';
import { publishedInterview } from './helpers/interviews';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ['INTERVIEWS__VIEW']);
}, 60_000);
afterAll(async () => db?.cleanup());

const get = (id: string, query = '') => staff.client.call(funnelRoute.GET, `/api/interviews/${id}/funnel${query}`, { method: 'GET', params: { id } });
type Step = { id: string; reached: number; answered: number; dropped: number };
const byId = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.id, s]));

/**
 * Version 1 is the sample (name → colour, where Red ends it → score), with complete
 * responses and drafts stopped at each point; version 2 drops the colour question.
 */
async function seeded() {
  const { interview, versionId } = await publishedInterview(w.db, w.project.A.id);
  const add = (status: 'complete' | 'partial', answers: Answers, times = 1, version = versionId!) =>
    w.db.insert(interviewResponses).values(
      Array.from({ length: times }, () => ({
        projectId: w.project.A.id,
        interviewId: interview.id,
        versionId: version,
        status,
        answers,
        submittedAt: status === 'complete' ? new Date() : null,
      })),
    );
  await add('complete', { name: 'Ana', color: 'Blue', score: 9 }, 2);
  await add('complete', { name: 'Bo', color: 'Red' });
  await add('partial', { name: 'Cy' });
  await add('partial', {});
  await add('partial', { name: 'Di', color: 'Blue' });
  await add('partial', { name: 'Ed', color: 'Red' });

  const v2: Question[] = [
    { id: 'name', type: 'short', title: 'Your name', help: '', required: true, skip: [] },
    { id: 'score', type: 'nps', title: 'Recommend us?', help: '', required: false, skip: [] },
  ];
  const [second] = await w.db.insert(interviewVersions).values({ interviewId: interview.id, number: 2, questions: v2 }).returning();
  await w.db.update(interviews).set({ version: 2, questions: v2 }).where(eq(interviews.id, interview.id));
  await add('complete', { name: 'Fay', score: 3 }, 1, second.id);
  await add('partial', { name: 'Gus' }, 1, second.id);
  return interview.id as string;
}

describe('interview completion funnel', () => {
  it('counts, per question of version 1, who reached it on their own path, who answered and who left there', async () => {
    const id = await seeded();
    const res = await get(id, '?version=1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const f = res.body.funnel;
    expect(f).toMatchObject({ version: 1, respondents: 7, completed: 3, leftAtEnd: 1 });
    expect(f.steps.map((s: Step) => s.id)).toEqual(['name', 'color', 'score']);
    const s = byId(f.steps);
    expect(s.name).toEqual({ id: 'name', reached: 7, answered: 6, dropped: 1 });
    expect(s.color).toEqual({ id: 'color', reached: 6, answered: 5, dropped: 1 });
    // "Red" ends the interview: the two who chose it never reached the score.
    expect(s.score).toEqual({ id: 'score', reached: 3, answered: 2, dropped: 1 });
  });

  it('shows the newest version by default, with its own questions and respondents only', async () => {
    const id = await seeded();
    const f = (await get(id)).body.funnel;
    expect(f).toMatchObject({ version: 2, respondents: 2, completed: 1, leftAtEnd: 0 });
    expect(byId(f.steps)).toEqual({
      name: { id: 'name', reached: 2, answered: 2, dropped: 0 },
      score: { id: 'score', reached: 2, answered: 1, dropped: 1 },
    });
  });

  it('answers 404 for a version that does not exist and another project’s interview, 400 for a bad version', async () => {
    const id = await seeded();
    expect((await get(id, '?version=9')).status).toBe(404);
    expect((await get(id, '?version=first')).status).toBe(400);
    const { interview } = await publishedInterview(w.db, w.project.B.id, { responses: 2 });
    expect((await get(interview.id)).status).toBe(404);
  });

  it('a draft interview has an empty funnel', async () => {
    const { interview } = await publishedInterview(w.db, w.project.A.id, { status: 'draft' });
    const res = await get(interview.id);
    expect(res.body.funnel).toEqual({ version: 0, respondents: 0, completed: 0, leftAtEnd: 0, steps: [] });
  });
});
