import { and, eq, sql } from 'drizzle-orm';
import type { ProjectContext } from '../http/route';
import type { Answers } from './answers';
import { funnelOf, type FunnelView } from './funnel';
import type { FunnelQuery } from './schemas';
import { getInterviewOrThrow, getVersionOrThrow } from './service';
import { interviewResponses as r } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

/**
 * The completion funnel of one version (the newest by default), over its complete responses
 * and its drafts. Two grouped queries, whatever the number of respondents: one groups them
 * by their answers to the questions with skip rules (all that decides a path) and by the
 * furthest question answered, the other counts answers per question; `funnelOf` then walks
 * each group's path once.
 */
export async function funnel(ctx: Reader, interviewId: string, q: FunnelQuery): Promise<FunnelView> {
  const interview = await getInterviewOrThrow(ctx, interviewId);
  if (interview.version === 0) return { version: 0, respondents: 0, completed: 0, leftAtEnd: 0, steps: [] };
  const version = await getVersionOrThrow(ctx.db, interview.id, q.version ?? interview.version);
  const questions = version.questions;
  const where = and(eq(r.projectId, ctx.project.id), eq(r.interviewId, interview.id), eq(r.versionId, version.id));
  const branching = questions.filter((x) => x.skip.length > 0).map((x) => x.id);
  const branch = branching.length
    ? sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(
        branching.map((id) => sql`${id}::text, ${r.answers} -> ${id}`),
        sql`, `,
      )}))`
    : sql`'{}'::jsonb`;
  const order = questions.length
    ? sql`array[${sql.join(
        questions.map((x) => sql`${x.id}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
  const [groups, perKey] = await Promise.all([
    ctx.db.execute<{ complete: boolean; branch: Answers; last: number | null; n: number }>(sql`
      select complete, branch, last, count(*)::int as n from (
        select ${r.status} = 'complete' as complete, ${branch} as branch,
          (select max(array_position(${order}, k)) from jsonb_object_keys(${r.answers}) as k) as last
        from ${r} where ${where}
      ) as t group by complete, branch, last`),
    ctx.db.execute<{ key: string; answered: number }>(sql`
      select e.key, count(*)::int as answered from ${r}, jsonb_each(${r.answers}) as e(key, value) where ${where} group by e.key`),
  ]);
  const answered = Object.fromEntries(perKey.rows.map((row) => [row.key, Number(row.answered)]));
  const computed = funnelOf(
    questions,
    groups.rows.map((g) => ({ complete: g.complete, branch: g.branch ?? {}, last: g.last == null ? null : Number(g.last) - 1, n: Number(g.n) })),
    answered,
  );
  return { version: version.number, ...computed };
}
