import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ProjectContext } from '../http/route';
import { answerText, type AnswerValue } from './answers';
import type { Question } from './questions';
import type { ResponsesQuery } from './schemas';
import { csvLine } from './csv-cells';
import { conditions } from './responses';
import { getInterviewOrThrow, getVersionOrThrow } from './service';
import { interviewResponses as r, interviewVersions as v } from './tables';

/** Rows fetched per query: the export holds one batch at a time, whatever the total. */
export const CSV_BATCH = 500;

const cellOf = (value: AnswerValue | undefined) => (typeof value === 'number' ? value : answerText(value));

type Export = { filename: string; stream: ReadableStream<Uint8Array> };

/**
 * The matching responses as a streamed CSV (UTF-8 with BOM so spreadsheets read accents):
 * the response's id, version and times, one column per question of the chosen version, the
 * interview's hidden fields, the browser's metadata and whether the human check was passed.
 * Read in keyset batches, newest first.
 */
export async function exportCsv(ctx: Pick<ProjectContext, 'db' | 'project'>, interviewId: string, q: Omit<ResponsesQuery, 'page'>): Promise<Export> {
  const interview = await getInterviewOrThrow(ctx, interviewId);
  const questions: Question[] = interview.version
    ? (await getVersionOrThrow(ctx.db, interview.id, q.version ?? interview.version)).questions
    : interview.questions;
  const where = await conditions(ctx.db, interview.id, q);
  const header = [
    'id',
    'version',
    'started',
    'submitted',
    ...questions.map((x) => x.title),
    ...interview.hiddenFields,
    'user agent',
    'referrer',
    'human check',
  ];
  const encoder = new TextEncoder();
  const db: Db = ctx.db;
  // The cursor keeps the database's microseconds: a JS Date would round them away and skip rows.
  let after: { at: string; id: string } | null = null;
  let first = true;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      if (done) return controller.close();
      const page: SQL | undefined = after ? sql`(${r.submittedAt}, ${r.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
      const rows = await db
        .select({
          id: r.id,
          version: v.number,
          answers: r.answers,
          hidden: r.hidden,
          startedAt: r.startedAt,
          submittedAt: r.submittedAt,
          cursor: sql<string>`${r.submittedAt}::text`,
          userAgent: r.userAgent,
          referrer: r.referrer,
          checked: r.checked,
        })
        .from(r)
        .innerJoin(v, eq(v.id, r.versionId))
        .where(and(where, page))
        .orderBy(desc(r.submittedAt), desc(r.id))
        .limit(CSV_BATCH);
      if (rows.length < CSV_BATCH) done = true;
      if (rows.length === 0) return controller.close();
      const last = rows[rows.length - 1];
      after = { at: last.cursor, id: last.id };
      const text = rows
        .map((row) =>
          csvLine([
            row.id,
            row.version,
            row.startedAt.toISOString(),
            row.submittedAt?.toISOString(),
            ...questions.map((x) => cellOf(row.answers[x.id])),
            ...interview.hiddenFields.map((h) => row.hidden[h] ?? ''),
            row.userAgent,
            row.referrer,
            // Passed, or sent by the form without JavaScript that cannot run it.
            row.checked ? 'yes' : 'no',
          ]),
        )
        .join('');
      controller.enqueue(encoder.encode(text));
    },
  });
  const base = interview.slug.replace(/[^a-z0-9-]/g, '') || 'interview';
  return { filename: `${base}-responses.csv`, stream };
}
