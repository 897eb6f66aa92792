import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as one from '@/app/api/interviews/[id]/route';
import * as exporter from '@/app/api/interviews/[id]/export/route';
import * as questionsRoute from '@/app/api/interviews/[id]/questions/route';
import * as responseRoute from '@/app/api/interviews/[id]/responses/[responseId]/route';
import * as responsesRoute from '@/app/api/interviews/[id]/responses/route';
import * as statusRoute from '@/app/api/interviews/[id]/status/route';
import * as summaryRoute from '@/app/api/interviews/[id]/summary/route';
import * as respond from '@/app/api/interviews/respond/route';
import * as all from '@/app/api/interviews/route';
import type { Question } from '@/lib/interviews/questions';
import { interviewResponses, interviews } from '@/lib/interviews/tables';
import { projects } from '@/lib/projects/tables';
import { NextRequest } from 'next/server';
import { accountsDb } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';
import { sampleQuestions, uniqueSlug } from './helpers/interviews';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ['INTERVIEWS__VIEW', 'INTERVIEWS__CREATE', 'INTERVIEWS__UPDATE', 'INTERVIEWS__DELETE']);
}, 60_000);
afterAll(async () => db?.cleanup());

const p = (id: string, tail = '') => ({ path: `/api/interviews/${id}${tail}`, params: { id } });
const create = (json: unknown) => staff.client.call(all.POST, '/api/interviews', { json });
const put = (id: string, questions: unknown) =>
  staff.client.call(questionsRoute.PUT, p(id).path + '/questions', { method: 'PUT', json: { questions }, params: { id } });
const status = (id: string, s: string) => staff.client.call(statusRoute.POST, p(id).path + '/status', { json: { status: s }, params: { id } });
const list = (id: string, query = '') => staff.client.call(responsesRoute.GET, `/api/interviews/${id}/responses${query}`, { method: 'GET', params: { id } });
const getResponse = (id: string, responseId: string) =>
  staff.client.call(responseRoute.GET, `/api/interviews/${id}/responses/${responseId}`, { method: 'GET', params: { id, responseId } });

let ip = 0;
/** An anonymous respondent, each from their own address. */
function respondent() {
  ip += 1;
  return new Client(`192.0.2.${ip}`);
}
async function answer(key: string, slug: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return respondent().call(respond.POST, '/api/interviews/respond', { json: { key, slug, answers, captchaCode: await solvedCaptcha(), ...extra } });
}

async function publishedWith(questions: Question[], settings: Record<string, unknown> = {}) {
  const created = await create({ title: 'Customer survey', slug: uniqueSlug(), ...settings });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.interview.id as string;
  expect((await put(id, questions)).status).toBe(200);
  const published = await status(id, 'published');
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body.interview as { id: string; slug: string };
}

describe('interviews API', () => {
  it('creates, validates in the caller language and refuses a taken slug', async () => {
    const bad = await staff.client.call(all.POST, '/api/interviews', { json: { title: '', slug: 'Not A Slug!' }, headers: { 'accept-language': 'es' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.title).toBe('Este campo es obligatorio.');
    expect(bad.body.data.fields.slug).toMatch(/minúsculas/);
    const slug = uniqueSlug();
    expect((await create({ title: 'One', slug })).status).toBe(201);
    const taken = await create({ title: 'Two', slug });
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields.slug).toMatch(/already uses/);
  });

  it('refuses incoherent questions and changes nothing', async () => {
    const { id } = await publishedWith(sampleQuestions());
    const bad = sampleQuestions();
    bad[1] = { ...bad[1], skip: [{ equals: 'Red', goto: 'name' }] };
    const res = await put(id, bad);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields)).toContain('questions.1.skip.0.goto');
    const [row] = await db.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row.version).toBe(1);
  });

  it('publishing needs questions; a published interview cannot go back to draft', async () => {
    const created = await create({ title: 'Empty', slug: uniqueSlug() });
    const id = created.body.interview.id;
    expect((await status(id, 'published')).status).toBe(409);
    await put(id, sampleQuestions());
    expect((await status(id, 'published')).body.interview.version).toBe(1);
    expect((await status(id, 'draft')).status).toBe(409);
    expect((await status(id, 'closed')).body.interview.status).toBe('closed');
  });
});

describe('versioning', () => {
  it('keeps old responses with the questions they answered after edits and deletions', async () => {
    const iv = await publishedWith(sampleQuestions());
    const first = await answer(w.project.A.key, iv.slug, { name: 'Ana', color: 'Blue', score: '9' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    // Rename the first question, delete the colour one: version 2.
    const edited = sampleQuestions().filter((q) => q.id !== 'color');
    edited[0] = { ...edited[0], title: 'Full name' };
    const saved = await put(iv.id, edited);
    expect(saved.body.interview.version).toBe(2);
    // Saving the same list again freezes nothing new.
    expect((await put(iv.id, edited)).body.interview.version).toBe(2);

    expect((await answer(w.project.A.key, iv.slug, { name: 'Ben', score: '3' })).status).toBe(200);
    const page = await list(iv.id);
    expect(page.body.total).toBe(2);
    const old = page.body.responses.find((r: { answers: { name: string } }) => r.answers.name === 'Ana');
    expect(old.version).toBe(1);
    const shown = await getResponse(iv.id, old.id);
    expect(shown.body.questions.map((q: Question) => q.title)).toEqual(['Your name', 'Favourite colour', 'Recommend us?']);
    expect(shown.body.response.answers).toEqual({ name: 'Ana', color: 'Blue', score: 9 });

    // Each version's summary uses its own questions.
    const v1 = await staff.client.call(summaryRoute.GET, `/api/interviews/${iv.id}/summary?version=1`, { method: 'GET', params: { id: iv.id } });
    expect(v1.body.summary.questions.map((q: { id: string }) => q.id)).toEqual(['name', 'color', 'score']);
    const latest = await staff.client.call(summaryRoute.GET, `/api/interviews/${iv.id}/summary`, { method: 'GET', params: { id: iv.id } });
    expect(latest.body.summary.version).toBe(2);
  });
});

describe('public answers', () => {
  it('requires a valid captcha from the enhanced form', async () => {
    const iv = await publishedWith(sampleQuestions());
    const res = await respondent().call(respond.POST, '/api/interviews/respond', {
      json: { key: w.project.A.key, slug: iv.slug, answers: { name: 'X' }, captchaCode: 'forged' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.captchaCode).toBeTruthy();
    expect((await list(iv.id)).body.total).toBe(0);
  });

  it('answers 400 per question, follows skip logic and stores metadata', async () => {
    const iv = await publishedWith(sampleQuestions(), { hiddenFields: ['source'] });
    const bad = await answer(w.project.A.key, iv.slug, { name: '', score: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields['answers.name']).toBe('This field is required.');
    expect(bad.body.data.fields['answers.score']).toMatch(/less than or equal to 10/);
    expect(await db.db.select().from(interviewResponses).where(eq(interviewResponses.interviewId, iv.id))).toHaveLength(0);
    // Red ends the interview: the NPS answer is dropped, not refused.
    const ok = await answer(w.project.A.key, iv.slug, { name: 'Red fan', color: 'Red', score: '99' }, { hidden: { source: 'newsletter', other: 'x' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = (await list(iv.id)).body.responses;
    expect(row.answers).toEqual({ name: 'Red fan', color: 'Red' });
    expect(row.hidden).toEqual({ source: 'newsletter' });
    expect(row.checked).toBe(true);
  });

  it('keeps a draft for a resume token and completes it later', async () => {
    const iv = await publishedWith(sampleQuestions());
    const saved = await respondent().call(respond.POST, '/api/interviews/respond', {
      json: { key: w.project.A.key, slug: iv.slug, answers: { name: 'Half' }, final: false },
    });
    expect(saved.status).toBe(200);
    const token = saved.body.token as string;
    expect(token.length).toBeGreaterThan(20);
    expect((await list(iv.id)).body.total).toBe(0);
    const done = await answer(w.project.A.key, iv.slug, { color: 'Blue' }, { token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const rows = await db.db.select().from(interviewResponses).where(eq(interviewResponses.interviewId, iv.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'complete', answers: { name: 'Half', color: 'Blue' }, resumeHash: null });
  });

  it('takes the form posted without JavaScript and redirects to the thanks or the errors', async () => {
    const iv = await publishedWith(sampleQuestions());
    const form = new URLSearchParams({ key: w.project.A.key, slug: iv.slug, q_name: '', q_color: 'Blue' });
    const post = (body: URLSearchParams) =>
      respondent().call(respond.POST, '/api/interviews/respond', {
        body: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.toString().length) },
      });
    const refused = await post(form);
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get('location')!, 'http://localhost');
    expect(back.pathname).toBe(`/projects/${w.project.A.key}/interview`);
    expect(back.searchParams.get('check')).toBe('1');
    form.set('q_name', 'No script');
    form.set('token', back.searchParams.get('r')!);
    const done = await post(form);
    expect(new URL(done.headers.get('location')!, 'http://localhost').searchParams.get('done')).toBe('1');
    const [row] = (await list(iv.id)).body.responses;
    expect(row).toMatchObject({ answers: { name: 'No script', color: 'Blue' }, checked: false });
  });

  it('refuses answers once closed, past the closing date or at the cap', async () => {
    const capped = await publishedWith(sampleQuestions(), { maxResponses: 1 });
    expect((await answer(w.project.A.key, capped.slug, { name: 'First' })).status).toBe(200);
    expect((await answer(w.project.A.key, capped.slug, { name: 'Second' })).status).toBe(409);
    const dated = await publishedWith(sampleQuestions(), { closesAt: new Date(Date.now() - 1000).toISOString() });
    expect((await answer(w.project.A.key, dated.slug, { name: 'Late' })).status).toBe(409);
    const closed = await publishedWith(sampleQuestions());
    await status(closed.id, 'closed');
    expect((await answer(w.project.A.key, closed.slug, { name: 'Late' })).status).toBe(409);
  });
});

describe('responses', () => {
  it('filters, summarizes, exports CSV safely and deletes', async () => {
    const questions: Question[] = [...sampleQuestions(), { id: 'note', type: 'long', title: 'Notes, "quoted"', help: '', required: false, skip: [] }];
    const iv = await publishedWith(questions);
    await answer(w.project.A.key, iv.slug, { name: '=HYPERLINK("http://x")', color: 'Blue', score: '10', note: 'one,\ntwo' });
    await answer(w.project.A.key, iv.slug, { name: 'Bo', color: 'Blue', score: '3' });
    await answer(w.project.A.key, iv.slug, { name: '@Ann', color: 'Red' });

    expect((await list(iv.id, '?question=color&answer=Red')).body.total).toBe(1);
    expect((await list(iv.id, '?from=2000-01-01&to=2000-01-02')).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(iv.id, `?from=${today}&to=${today}`)).body.total).toBe(3);

    const summary = (await staff.client.call(summaryRoute.GET, `/api/interviews/${iv.id}/summary`, { method: 'GET', params: { id: iv.id } })).body.summary;
    const by = Object.fromEntries(summary.questions.map((q: { id: string }) => [q.id, q]));
    expect(summary.total).toBe(3);
    expect(by.color.counts).toEqual({ Blue: 2, Red: 1 });
    expect(by.score).toMatchObject({ answered: 2, average: 6.5, nps: 0 });
    // Free text has no counts: the summary carries the newest answers instead.
    expect(by.name.answered).toBe(3);
    expect([...by.name.latest].sort()).toEqual(['=HYPERLINK("http://x")', '@Ann', 'Bo']);
    expect(by.note.latest).toEqual(['one,\ntwo']);
    expect(by.color.latest).toBeUndefined();

    const req = new NextRequest(`http://localhost:3000/api/interviews/${iv.id}/export`, {
      headers: { host: 'localhost:3000', cookie: `AUTH=${staff.client.cookie}` },
    });
    const res = await exporter.GET(req, { params: Promise.resolve({ id: iv.id }) });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe(
      'id,version,started,submitted,Your name,Favourite colour,Recommend us?,"Notes, ""quoted""",user agent,referrer,human check',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(',"one,\ntwo",');
    expect(text).toContain("'@Ann");

    const [first] = (await list(iv.id)).body.responses;
    const removed = await staff.client.call(responseRoute.DELETE, '/x', { method: 'DELETE', params: { id: iv.id, responseId: first.id } });
    expect(removed.status).toBe(200);
    expect((await list(iv.id)).body.total).toBe(2);
    const [row] = await db.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row.responses).toBe(2);
  });

  it("another project's interview is a 404, and so is a disabled project's form", async () => {
    const iv = await publishedWith(sampleQuestions());
    const other = await w.memberOf('B', ['INTERVIEWS__VIEW']);
    expect((await other.client.call(one.GET, p(iv.id).path, { method: 'GET', params: { id: iv.id } })).status).toBe(404);
    await db.db.update(projects).set({ status: 2 }).where(eq(projects.id, w.project.A.id));
    try {
      expect((await answer(w.project.A.key, iv.slug, { name: 'X' })).status).toBe(404);
    } finally {
      await db.db.update(projects).set({ status: 1 }).where(eq(projects.id, w.project.A.id));
    }
  });
});
