import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as one from '@/app/api/interviews/[id]/route';
import * as fileRoute from '@/app/api/interviews/[id]/responses/[responseId]/files/[questionId]/route';
import * as respond from '@/app/api/interviews/respond/route';
import { findPublicInterview } from '@/lib/interviews/public';
import type { Question } from '@/lib/interviews/questions';
import { interviewResponses, interviews } from '@/lib/interviews/tables';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';
import { publishedInterview, sampleQuestions } from './helpers/interviews';
import { storedKeys, tempUploadDir } from './helpers/uploads';
import { buildWorld, type World } from './matrix/world';

// The public side: what the page shows in each state, and file answers end to end.

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let uploads: ReturnType<typeof tempUploadDir>;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  uploads = tempUploadDir('atrio-interviews-');
}, 60_000);
afterAll(async () => {
  uploads?.restore();
  await db?.cleanup();
});

describe('the public page state', () => {
  it('open, closed, full, missing, and a disabled project; null only for an unknown key', async () => {
    const open = await publishedInterview(w.db, w.project.A.id, { isPublic: true });
    expect((await findPublicInterview(w.db, w.project.A.key))?.state).toBe('open');
    expect((await findPublicInterview(w.db, w.project.A.key, open.interview.slug))?.state).toBe('open');
    const draft = await publishedInterview(w.db, w.project.A.id, { status: 'draft' });
    expect((await findPublicInterview(w.db, w.project.A.key, draft.interview.slug))?.state).toBe('missing');
    const closed = await publishedInterview(w.db, w.project.A.id, { status: 'closed' });
    expect((await findPublicInterview(w.db, w.project.A.key, closed.interview.slug))?.state).toBe('closed');
    const full = await publishedInterview(w.db, w.project.A.id, { responses: 1 });
    await w.db.update(interviews).set({ maxResponses: 1, responses: 1 }).where(eq(interviews.id, full.interview.id));
    expect((await findPublicInterview(w.db, w.project.A.key, full.interview.slug))?.state).toBe('full');
    expect((await findPublicInterview(w.db, w.project.B.key))?.state).toBe('missing');
    expect(await findPublicInterview(w.db, 'no-such-project')).toBeNull();
    await w.db.update(projects).set({ status: 2 }).where(eq(projects.id, w.project.B.id));
    expect((await findPublicInterview(w.db, w.project.B.key))?.state).toBe('unavailable');
    await w.db.update(projects).set({ status: 1 }).where(eq(projects.id, w.project.B.id));
  });
});

describe('file answers', () => {
  const questions: Question[] = [...sampleQuestions(), { id: 'cv', type: 'file', title: 'Your CV', help: '', required: true, skip: [] }];

  const post = async (form: FormData) => new Client('192.0.2.150').call(respond.POST, '/api/interviews/respond', { form });
  const formFor = async (slug: string, file: File | null) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ key: w.project.A.key, slug, js: '1', final: '1', q_name: 'Files', captchaCode: await solvedCaptcha() }))
      form.set(k, v);
    if (file) form.set('q_cv', file);
    return form;
  };

  it('stores an accepted file privately and serves it to staff only', async () => {
    const { interview } = await publishedInterview(w.db, w.project.A.id, { questions });
    const res = await post(await formFor(interview.slug, new File(['hello, staff'], 'cv.txt', { type: 'text/plain' })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await w.db.select().from(interviewResponses).where(eq(interviewResponses.interviewId, interview.id));
    expect(row.answers.cv).toMatchObject({ name: 'cv.txt', type: 'text/plain', size: 12 });
    expect(await storedKeys(`interviews/${w.project.A.id}/`)).toHaveLength(1);

    const staff = await w.memberOf('A', ['INTERVIEWS__VIEW']);
    const params = { id: interview.id, responseId: row.id, questionId: 'cv' };
    const req = new NextRequest(`http://localhost:3000/api/interviews/${interview.id}/responses/${row.id}/files/cv`, {
      headers: { host: 'localhost:3000', cookie: `AUTH=${staff.client.cookie}` },
    });
    const file = await fileRoute.GET(req, { params: Promise.resolve(params) });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('hello, staff');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    const other = await w.memberOf('B', ['INTERVIEWS__VIEW']);
    const denied = await other.client.call(fileRoute.GET, '/x', { method: 'GET', params });
    expect(denied.status).toBe(404);
    // Deleting the interview takes its uploads with it.
    const owner = await w.memberOf('A', ['INTERVIEWS__DELETE']);
    expect((await owner.client.call(one.DELETE, '/x', { method: 'DELETE', params: { id: interview.id } })).status).toBe(200);
    expect(await storedKeys(`interviews/${w.project.A.id}/${interview.id}/`)).toHaveLength(0);
  });

  it('refuses a missing required file and a file of an unknown kind, storing nothing', async () => {
    const { interview } = await publishedInterview(w.db, w.project.A.id, { questions });
    const missing = await post(await formFor(interview.slug, null));
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields['answers.cv']).toBe('This field is required.');
    const binary = await post(await formFor(interview.slug, new File([new Uint8Array([0, 1, 2, 255, 254])], 'x.bin')));
    expect(binary.status).toBe(400);
    expect(binary.body.data.fields['answers.cv']).toMatch(/not accepted/);
    expect(await w.db.select().from(interviewResponses).where(eq(interviewResponses.interviewId, interview.id))).toHaveLength(0);
    expect(await storedKeys(`interviews/${w.project.A.id}/${interview.id}/`)).toHaveLength(0);
  });
});
