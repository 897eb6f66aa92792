import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDb } from '../lib/db/client';
import { migrate } from '../lib/db/migrate';
import { exportCsv } from '../lib/interviews/csv';
import { funnel } from '../lib/interviews/funnel-sql';
import type { Question } from '../lib/interviews/questions';
import { listResponses, summarize } from '../lib/interviews/responses';
import { interviewResponses, interviews, interviewVersions } from '../lib/interviews/tables';
import { projects } from '../lib/projects/tables';
import { round, table } from './lib';

// The responses page of one interview with 10,000 responses (embedded database): the first
// page, the summary and the completion funnel against a bare `select id from interview_responses limit 25`, and the
// CSV export streamed whole, with how much the heap grew while it ran (constant memory: the
// export holds one batch at a time). Env: BENCH_RESPONSES (default 10000), BENCH_RUNS (default 30).

const RESPONSES = positive('BENCH_RESPONSES', 10_000);
const RUNS = positive('BENCH_RUNS', 30);
const WARMUP = 3;
// The aim for the first page and the summary.
const AIM_MS = 300;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    process.stderr.write(`${name} must be a positive integer (got "${raw}")\n`);
    process.exit(2);
  }
  return value;
}
const progress = (text: string) => process.stderr.write(`${text}\n`);

const QUESTIONS: Question[] = [
  { id: 'name', type: 'short', title: 'Name', help: '', required: false, skip: [] },
  // One skip rule, so the funnel's grouping by path has work to do.
  {
    id: 'found',
    type: 'single',
    title: 'Found us',
    help: '',
    required: true,
    options: ['Friend', 'Search', 'Social', 'Other'],
    skip: [{ equals: 'Other', goto: 'nps' }],
  },
  { id: 'likes', type: 'multiple', title: 'Likes', help: '', required: false, options: ['Price', 'Speed', 'Staff', 'Place'], skip: [] },
  { id: 'rating', type: 'rating', title: 'Rating', help: '', required: true, skip: [] },
  { id: 'nps', type: 'nps', title: 'NPS', help: '', required: true, skip: [] },
  { id: 'age', type: 'number', title: 'Age', help: '', required: false, min: 0, max: 120, skip: [] },
  { id: 'note', type: 'long', title: 'Notes', help: '', required: false, skip: [] },
  { id: 'email', type: 'email', title: 'Email', help: '', required: false, skip: [] },
];

async function seed(db: ReturnType<typeof openDb>['db']) {
  const [project] = await db.insert(projects).values({ key: 'bench', name: 'Bench', status: 1 }).returning({ id: projects.id });
  const [interview] = await db
    .insert(interviews)
    .values({ projectId: project.id, slug: 'bench', title: 'Bench', status: 'published', questions: QUESTIONS, version: 1, responses: RESPONSES })
    .returning({ id: interviews.id });
  const [version] = await db
    .insert(interviewVersions)
    .values({ interviewId: interview.id, number: 1, questions: QUESTIONS })
    .returning({ id: interviewVersions.id });
  // Set-based: seconds, not minutes. Answers vary with g so counts and averages are real work.
  await db.execute(sql`
    insert into ${interviewResponses} (project_id, interview_id, version_id, status, answers, user_agent, started_at, submitted_at)
    select ${project.id}::uuid, ${interview.id}::uuid, ${version.id}::uuid, 'complete',
      jsonb_build_object(
        'name', 'Person ' || g,
        'found', (array['Friend', 'Search', 'Social', 'Other'])[1 + g % 4],
        'likes', jsonb_build_array((array['Price', 'Speed', 'Staff', 'Place'])[1 + g % 4], (array['Price', 'Speed', 'Staff', 'Place'])[1 + (g / 4) % 4]),
        'rating', 1 + g % 5, 'nps', g % 11, 'age', 18 + g % 60,
        'note', 'Line one, with "quotes"' || chr(10) || 'and a second line ' || g,
        'email', 'person' || g || '@bench.test'),
      'Mozilla/5.0 (bench)', now() - (g * interval '7 minutes') - interval '2 minutes', now() - (g * interval '7 minutes')
    from generate_series(1, ${RESPONSES}) g`);
  await db.execute(sql`analyze`);
  return { project: { id: project.id } as never, interviewId: interview.id };
}

async function time(run: () => Promise<unknown>): Promise<{ median: number; p90: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], p90: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.9))] };
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-interviews-'));
  const handle = openDb({ dataDir });
  try {
    progress(`Migrating and seeding ${RESPONSES.toLocaleString('en-US')} responses (${dataDir})…`);
    await migrate(handle.db, handle.kind);
    const { project, interviewId } = await seed(handle.db);
    const ctx = { db: handle.db, project };
    const shapes = [
      { name: 'baseline: select id limit 25', run: () => handle.db.select({ id: interviewResponses.id }).from(interviewResponses).limit(25) },
      { name: 'first page (25, with total)', run: () => listResponses(ctx, interviewId, { page: 1 }) },
      { name: 'summary (all questions)', run: () => summarize(ctx, interviewId, {}) },
      { name: 'summary, filtered by answer', run: () => summarize(ctx, interviewId, { question: 'found', answer: 'Friend' }) },
      { name: 'completion funnel', run: () => funnel(ctx, interviewId, {}) },
    ];
    const results: { name: string; median: number; p90: number }[] = [];
    for (const shape of shapes) {
      progress(`Timing ${shape.name}: ${WARMUP} warm-up + ${RUNS} runs…`);
      results.push({ name: shape.name, ...(await time(shape.run)) });
    }

    progress('Streaming the CSV export…');
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    let bytes = 0;
    const start = performance.now();
    const { stream } = await exportCsv(ctx, interviewId, {});
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
    const exportMs = performance.now() - start;
    const growthMb = (heapPeak - heapBefore) / 1024 / 1024;

    const baseline = results[0].median;
    const out = ['', `Interview responses — ${RESPONSES.toLocaleString('en-US')} responses, ${QUESTIONS.length} questions, PGlite, median of ${RUNS} runs`, ''];
    out.push(
      table(
        ['query', 'median ms', 'p90 ms', '× baseline'],
        results.map((r) => [r.name, r.median.toFixed(2), r.p90.toFixed(2), (r.median / baseline).toFixed(1)]),
      ),
    );
    out.push(
      '',
      `CSV export: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${exportMs.toFixed(0)} ms; heap grew at most ${growthMb.toFixed(1)} MB while streaming (batches of 500 rows)`,
    );
    out.push('', `Medians against the aim (≤ ${AIM_MS} ms):`);
    for (const r of results.slice(1)) out.push(`  ${r.median <= AIM_MS ? '✓' : '✗'} ${r.name.padEnd(30)} ${r.median.toFixed(2).padStart(8)} ms`);
    const cpus = os.cpus();
    out.push('', `Machine: Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
    const json = {
      date: new Date().toISOString(),
      responses: RESPONSES,
      runs: RUNS,
      aimMs: AIM_MS,
      shapes: results.map((r) => ({ query: r.name, medianMs: round(r.median, 3), p90Ms: round(r.p90, 3), vsBaseline: round(r.median / baseline, 2) })),
      export: { bytes, ms: round(exportMs, 1), heapGrowthMb: round(growthMb, 1) },
    };
    out.push(`BENCH_JSON ${JSON.stringify(json)}`);
    process.stdout.write(`${out.join('\n')}\n`);
    return results.slice(1).every((r) => r.median <= AIM_MS) ? 0 : 1;
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  })
  .then((code) => process.exit(code));
