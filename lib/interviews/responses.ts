import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { storage } from '../storage';
import type { FileAnswer } from './answers';
import { LATEST_TEXT_ANSWERS, RESPONSES_PAGE_SIZE } from './limits';
import { COUNTED_TYPES, TEXT_TYPES, type Question } from './questions';
import type { QuestionSummary, ResponseView, ResponsesQuery, SummaryView } from './schemas';
import { getInterviewOrThrow, getVersionOrThrow } from './service';
import { interviewResponses as r, interviews, interviewVersions as v } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;
type Filter = Omit<ResponsesQuery, 'page'>;

const DAY_MS = 86_400_000;

/** The list's conditions (the summary's and the export's too): complete responses, by version, date range, one answer and the human check. */
export async function conditions(db: Db, interviewId: string, f: Filter): Promise<SQL> {
  const parts: (SQL | undefined)[] = [eq(r.interviewId, interviewId), eq(r.status, 'complete')];
  if (f.version) parts.push(eq(r.versionId, (await getVersionOrThrow(db, interviewId, f.version)).id));
  if (f.from) parts.push(gte(r.submittedAt, new Date(f.from)));
  // `to` is a day: everything submitted on it counts.
  if (f.to) parts.push(lt(r.submittedAt, new Date(new Date(f.to).getTime() + DAY_MS)));
  if (f.human) parts.push(eq(r.checked, f.human === 'checked'));
  if (f.question && f.answer !== undefined && f.answer !== '')
    parts.push(sql`(${r.answers} ->> ${f.question} = ${f.answer} or ${r.answers} -> ${f.question} @> to_jsonb(${f.answer}::text))`);
  return and(...parts)!;
}

const columns = {
  id: r.id,
  versionId: r.versionId,
  version: v.number,
  answers: r.answers,
  hidden: r.hidden,
  startedAt: r.startedAt,
  submittedAt: r.submittedAt,
  userAgent: r.userAgent,
  referrer: r.referrer,
  checked: r.checked,
};
type Row = { [K in keyof typeof columns]: unknown } & { startedAt: Date; submittedAt: Date | null };

export function toResponseView(row: Row): ResponseView {
  return {
    ...(row as unknown as ResponseView),
    startedAt: row.startedAt.toISOString(),
    submittedAt: (row.submittedAt ?? row.startedAt).toISOString(),
  };
}

/** Newest first, RESPONSES_PAGE_SIZE a page, with the total the filters match. */
export async function listResponses(ctx: Reader, interviewId: string, q: ResponsesQuery) {
  const interview = await getInterviewOrThrow(ctx, interviewId);
  const where = await conditions(ctx.db, interview.id, q);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(r)
      .innerJoin(v, eq(v.id, r.versionId))
      .where(where)
      .orderBy(desc(r.submittedAt), desc(r.id))
      .limit(RESPONSES_PAGE_SIZE)
      .offset((q.page - 1) * RESPONSES_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(r).where(where),
  ]);
  return { responses: rows.map((row) => toResponseView(row as Row)), total, page: q.page, pageSize: RESPONSES_PAGE_SIZE };
}

async function findResponse(ctx: Reader, interviewId: string, responseId: string) {
  const interview = await getInterviewOrThrow(ctx, interviewId);
  if (!isUuid(responseId)) throw new HttpError(404, 'notFound');
  const [row] = await ctx.db
    .select({ ...columns, questions: v.questions })
    .from(r)
    .innerJoin(v, eq(v.id, r.versionId))
    .where(and(eq(r.id, responseId), eq(r.interviewId, interview.id), eq(r.projectId, ctx.project.id), eq(r.status, 'complete')));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** One response with the questions of the version it answered, however the interview changed since. */
export async function getResponseOrThrow(ctx: Reader, interviewId: string, responseId: string): Promise<{ response: ResponseView; questions: Question[] }> {
  const row = await findResponse(ctx, interviewId, responseId);
  return { response: toResponseView(row as Row), questions: row.questions };
}

/** The stored file answering one question of a response. */
export async function responseFile(ctx: Reader, interviewId: string, responseId: string, questionId: string): Promise<FileAnswer> {
  const row = await findResponse(ctx, interviewId, responseId);
  const answer = (row.answers as Record<string, unknown>)[questionId] as FileAnswer | undefined;
  if (!answer || typeof answer !== 'object' || Array.isArray(answer) || typeof answer.key !== 'string') throw new HttpError(404, 'notFound');
  return answer;
}

function filesOf(answers: Record<string, unknown>): string[] {
  return Object.values(answers).flatMap((a) =>
    a && typeof a === 'object' && !Array.isArray(a) && typeof (a as FileAnswer).key === 'string' ? [(a as FileAnswer).key] : [],
  );
}

export async function deleteResponse(ctx: Reader, interviewId: string, responseId: string): Promise<void> {
  const row = await findResponse(ctx, interviewId, responseId);
  await ctx.db.transaction(async (tx) => {
    const gone = await tx.delete(r).where(eq(r.id, row.id)).returning({ id: r.id });
    if (gone.length)
      await tx
        .update(interviews)
        .set({ responses: sql`greatest(${interviews.responses} - 1, 0)` })
        .where(eq(interviews.id, interviewId));
  });
  // After commit: a failed delete of a file leaves an orphan, never a response without its file.
  await Promise.all(
    filesOf(row.answers as Record<string, unknown>).map((k) =>
      storage()
        .delete(k)
        .catch(() => undefined),
    ),
  );
}

/** NPS: promoters (9–10) minus detractors (0–6), in percent of those who answered. */
export function npsOf(counts: Record<string, number>): number | null {
  let total = 0;
  let score = 0;
  for (const [value, n] of Object.entries(counts)) {
    total += n;
    if (Number(value) >= 9) score += n;
    else if (Number(value) <= 6) score -= n;
  }
  return total ? Math.round((score / total) * 100) : null;
}

/**
 * Per question of the chosen version (the newest by default): how many answered, the
 * count of each value for choices and scales, the average of numbers and scales and the
 * NPS. Two grouped queries over the matching responses, whatever their number.
 */
export async function summarize(ctx: Reader, interviewId: string, f: Filter): Promise<SummaryView> {
  const interview = await getInterviewOrThrow(ctx, interviewId);
  if (interview.version === 0) return { version: 0, total: 0, unchecked: 0, questions: [] };
  const version = await getVersionOrThrow(ctx.db, interview.id, f.version ?? interview.version);
  const where = await conditions(ctx.db, interview.id, f);
  const countedIds = version.questions.filter((q) => COUNTED_TYPES.includes(q.type)).map((q) => q.id);
  const textIds = version.questions.filter((q) => TEXT_TYPES.includes(q.type)).map((q) => q.id);
  const [[{ total, unchecked }], perKey, perValue, latest] = await Promise.all([
    ctx.db
      .select({ total: count(), unchecked: sql<number>`(count(*) filter (where not ${r.checked}))::int` })
      .from(r)
      .where(where),
    ctx.db.execute<{ key: string; answered: number; average: string | null }>(sql`
      select e.key, count(*)::int as answered,
        avg(case when jsonb_typeof(e.value) = 'number' then (e.value #>> '{}')::numeric end) as average
      from ${r}, jsonb_each(${r.answers}) as e(key, value) where ${where} group by e.key`),
    countedIds.length
      ? ctx.db.execute<{ key: string; value: string; n: number }>(sql`
      select e.key, x.value, count(*)::int as n
      from ${r}, jsonb_each(${r.answers}) as e(key, value),
        jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else jsonb_build_array(e.value) end) as x(value)
      where ${where} and e.key in (${sql.join(
        countedIds.map((id) => sql`${id}`),
        sql`, `,
      )}) group by e.key, x.value`)
      : Promise.resolve({ rows: [] as { key: string; value: string; n: number }[] }),
    // Free text has nothing to count: the newest few answers of each such question, read in place.
    textIds.length
      ? ctx.db.execute<{ key: string; value: string }>(sql`
      select key, value from (
        select e.key, e.value #>> '{}' as value,
          row_number() over (partition by e.key order by ${r.submittedAt} desc, ${r.id} desc) as n
        from ${r}, jsonb_each(${r.answers}) as e(key, value)
        where ${where} and e.key in (${sql.join(
          textIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and jsonb_typeof(e.value) = 'string' and e.value #>> '{}' <> ''
      ) as t where n <= ${LATEST_TEXT_ANSWERS} order by key, n`)
      : Promise.resolve({ rows: [] as { key: string; value: string }[] }),
  ]);
  const keyed = new Map(perKey.rows.map((row) => [row.key, row]));
  const questions: QuestionSummary[] = version.questions.map((q) => {
    const row = keyed.get(q.id);
    const out: QuestionSummary = { id: q.id, answered: Number(row?.answered ?? 0) };
    if (COUNTED_TYPES.includes(q.type)) {
      out.counts = Object.fromEntries(perValue.rows.filter((x) => x.key === q.id).map((x) => [x.value, Number(x.n)]));
      if (q.type === 'nps') out.nps = npsOf(out.counts);
    }
    if (TEXT_TYPES.includes(q.type)) out.latest = latest.rows.filter((x) => x.key === q.id).map((x) => x.value);
    if (q.type === 'rating' || q.type === 'nps' || q.type === 'number') out.average = row?.average == null ? null : Math.round(Number(row.average) * 100) / 100;
    return out;
  });
  return { version: version.number, total, unchecked: Number(unchecked), questions };
}
