import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as exporter from '@/app/api/interviews/[id]/export/route';
import * as responsesRoute from '@/app/api/interviews/[id]/responses/route';
import * as summaryRoute from '@/app/api/interviews/[id]/summary/route';
import * as respond from '@/app/api/interviews/respond/route';
import { UNCHECKED_LIMIT } from '@/lib/interviews/limits';
import { interviewResponses } from '@/lib/interviews/tables';
import { accountsDb } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';
import { publishedInterview } from './helpers/interviews';
import { buildWorld, type Member, type World } from './matrix/world';

// Issue 28, item 5: answers from the form without JavaScript skip the captcha. They stay
// possible, but staff see them as unchecked, can leave them out of the summary and the export,
// and each interview takes only so many of them an hour, whatever the addresses.

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ['INTERVIEWS__VIEW']);
}, 60_000);
afterAll(async () => db?.cleanup());

let ip = 0;
/** A respondent from an address of their own, so only the per-interview limit can bite. */
const respondent = () => new Client(`203.0.113.${(ip += 1) % 250}`);
function noScript(slug: string, name: string) {
  const body = new URLSearchParams({ key: w.project.A.key, slug, q_name: name, q_color: 'Blue' }).toString();
  return respondent().call(respond.POST, '/api/interviews/respond', {
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
  });
}
async function withScript(slug: string, name: string) {
  return respondent().call(respond.POST, '/api/interviews/respond', {
    json: { key: w.project.A.key, slug, answers: { name, color: 'Blue' }, captchaCode: await solvedCaptcha() },
  });
}
const landing = (res: { headers: Headers }) => new URL(res.headers.get('location')!, 'http://localhost').searchParams;
const read = (handler: typeof summaryRoute.GET, id: string, tail: string) =>
  staff.client.call(handler, `/api/interviews/${id}${tail}`, { method: 'GET', params: { id } });

async function exported(id: string, query: string): Promise<string[]> {
  const req = new NextRequest(`http://localhost:3000/api/interviews/${id}/export${query}`, {
    headers: { host: 'localhost:3000', cookie: `AUTH=${staff.client.cookie}` },
  });
  const res = await exporter.GET(req, { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  return new TextDecoder()
    .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
    .split('\r\n')
    .filter(Boolean);
}

describe('answers without the human check', () => {
  it('are marked in the list and the export, and the owner can leave them out of the summary and the export', async () => {
    const { interview } = await publishedInterview(db.db, w.project.A.id);
    expect(landing(await noScript(interview.slug, 'Unchecked')).get('done')).toBe('1');
    expect((await withScript(interview.slug, 'Checked')).status).toBe(200);

    const all = await read(responsesRoute.GET, interview.id, '/responses');
    expect(all.body.responses.map((r: { answers: { name: string }; checked: boolean }) => [r.answers.name, r.checked]).sort()).toEqual([
      ['Checked', true],
      ['Unchecked', false],
    ]);
    const checkedOnly = await read(responsesRoute.GET, interview.id, '/responses?human=checked');
    expect(checkedOnly.status, JSON.stringify(checkedOnly.body)).toBe(200);
    expect(checkedOnly.body.responses.map((r: { answers: { name: string } }) => r.answers.name)).toEqual(['Checked']);
    expect((await read(responsesRoute.GET, interview.id, '/responses?human=unchecked')).body.total).toBe(1);

    const summary = (await read(summaryRoute.GET, interview.id, '/summary')).body.summary;
    expect([summary.total, summary.unchecked]).toEqual([2, 1]);
    const summaryChecked = (await read(summaryRoute.GET, interview.id, '/summary?human=checked')).body.summary;
    expect([summaryChecked.total, summaryChecked.unchecked]).toEqual([1, 0]);
    expect(summaryChecked.questions.find((q: { id: string }) => q.id === 'name').answered).toBe(1);

    const lines = await exported(interview.id, '');
    expect(lines[0].endsWith(',human check')).toBe(true);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').pop())
        .sort(),
    ).toEqual(['no', 'yes']);
    const checkedLines = await exported(interview.id, '?human=checked');
    expect(checkedLines).toHaveLength(2);
    expect(checkedLines[1]).toContain('Checked');
    expect(checkedLines[1].endsWith(',yes')).toBe(true);
  });

  it(`are limited per interview (${UNCHECKED_LIMIT.points} an hour from all addresses), while checked answers go on`, async () => {
    const { interview } = await publishedInterview(db.db, w.project.A.id);
    const { interview: other } = await publishedInterview(db.db, w.project.A.id);
    for (let i = 0; i < UNCHECKED_LIMIT.points; i += 1) expect(landing(await noScript(interview.slug, `Person ${i}`)).get('done')).toBe('1');

    const refused = await noScript(interview.slug, 'One too many');
    expect(refused.status).toBe(303);
    expect(landing(refused).get('limited')).toBe('1');
    const rows = await db.db.select().from(interviewResponses).where(eq(interviewResponses.interviewId, interview.id));
    expect(rows).toHaveLength(UNCHECKED_LIMIT.points);

    expect((await withScript(interview.slug, 'With script')).status).toBe(200);
    expect(landing(await noScript(other.slug, 'Elsewhere')).get('done')).toBe('1');
  });
});
