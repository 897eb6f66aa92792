import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { openDb } from '../lib/db/client';
import { migrate } from '../lib/db/migrate';
import { projects } from '../lib/projects/tables';
import { DEFAULT_PROJECT_QUERY, type ProjectListQuery } from '../lib/root/project-schemas';
import { listProjects } from '../lib/root/projects';
import { round, table } from './lib';

// The root console's project list on a platform of 10,000 projects (embedded database):
// each query shape's median time against a bare `select id from projects limit 25` in the
// same run, so the ratios say what the search, sort and counts cost on this machine.
// Env: BENCH_PROJECTS (default 10000), BENCH_RUNS (timed runs per shape, default 30).

const PROJECTS = positive('BENCH_PROJECTS', 10_000);
const RUNS = positive('BENCH_RUNS', 30);
const USERS = Math.max(10, Math.round(PROJECTS * 0.3));
const WARMUP = 3;
// A list page answers within a glance (well under 100 ms) whatever the query; informational.
const AIM_MS = 50;

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

type Db = ReturnType<typeof openDb>['db'];

/**
 * Users, then projects spread over a year (a tenth pending, a tenth disabled, names from a
 * few words so searches hit many), each with one to five members. Set-based inserts: the
 * seed takes seconds, not minutes.
 */
async function seed(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (id, email, name, status)
    select md5('user' || g)::uuid, 'user-' || g || '@bench.test', 'Bench User ' || g, 1
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into projects (id, key, name, status, created_by, created_at)
    select md5('project' || g)::uuid,
           'bench-' || g,
           (array['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'])[1 + g % 8] || ' Studio ' || g,
           case when g % 10 = 0 then 0 when g % 10 = 1 then 2 else 1 end,
           md5('user' || (1 + g % ${USERS}))::uuid,
           now() - (g * interval '53 minutes')
    from generate_series(1, ${PROJECTS}) g`);
  await db.execute(sql`
    insert into memberships (project_id, user_id)
    select md5('project' || p)::uuid, md5('user' || (1 + (p * 7 + k) % ${USERS}))::uuid
    from generate_series(1, ${PROJECTS}) p, generate_series(1, 1 + p % 5) k`);
  await db.execute(sql`analyze`);
}

/** Median and 90th percentile of `RUNS` timed calls, after a few untimed ones. */
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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-root-projects-'));
  const handle = openDb({ dataDir });
  try {
    progress(`Migrating and seeding ${PROJECTS.toLocaleString('en-US')} projects, ${USERS.toLocaleString('en-US')} users (${dataDir})…`);
    await migrate(handle.db, handle.kind);
    const seedStart = performance.now();
    await seed(handle.db);
    const [{ n: memberRows }] = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from memberships`).then((r) => r.rows);
    progress(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${memberRows.toLocaleString('en-US')} memberships).`);

    const q = (over: Partial<ProjectListQuery>): ProjectListQuery => ({ ...DEFAULT_PROJECT_QUERY, ...over });
    const [{ total }] = await handle.db.select({ total: count() }).from(projects);
    const lastPage = Math.max(1, Math.ceil(total / DEFAULT_PROJECT_QUERY.size));
    const shapes: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'baseline: select id limit 25', run: () => handle.db.select({ id: projects.id }).from(projects).limit(25) },
      { name: 'first page (newest)', run: () => listProjects(handle.db, q({})) },
      { name: 'search "studio 12" (name)', run: () => listProjects(handle.db, q({ q: 'studio 12' })) },
      { name: 'search "user-77@" (email)', run: () => listProjects(handle.db, q({ q: 'user-77@' })) },
      { name: 'status 1, sort name asc', run: () => listProjects(handle.db, q({ status: 1, sort: 'name', dir: 'asc' })) },
      { name: 'sort members desc', run: () => listProjects(handle.db, q({ sort: 'members' })) },
      { name: `last page (${lastPage})`, run: () => listProjects(handle.db, q({ page: lastPage })) },
    ];

    const results: { name: string; median: number; p90: number }[] = [];
    for (const shape of shapes) {
      progress(`Timing ${shape.name}: ${WARMUP} warm-up + ${RUNS} runs…`);
      results.push({ name: shape.name, ...(await time(shape.run)) });
    }
    const baseline = results[0].median;
    const out: string[] = [
      '',
      `Root projects list — ${total.toLocaleString('en-US')} projects, ${memberRows.toLocaleString('en-US')} memberships, PGlite, median of ${RUNS} runs`,
      '',
    ];
    out.push(
      table(
        ['query', 'median ms', 'p90 ms', '× baseline'],
        results.map((r) => [r.name, r.median.toFixed(2), r.p90.toFixed(2), (r.median / baseline).toFixed(1)]),
      ),
    );
    out.push('', `Medians against the aim (≤ ${AIM_MS} ms; informational):`);
    for (const r of results.slice(1))
      out.push(
        `  ${r.median <= AIM_MS ? '✓' : '✗'} ${r.name.padEnd(32)} ${r.median.toFixed(2).padStart(7)} ms  (${(r.median / baseline).toFixed(1)}× the baseline)`,
      );
    const cpus = os.cpus();
    out.push('', `Machine: Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
    const json = {
      date: new Date().toISOString(),
      projects: total,
      memberships: memberRows,
      runs: RUNS,
      aimMs: AIM_MS,
      shapes: results.map((r) => ({ query: r.name, medianMs: round(r.median, 3), p90Ms: round(r.p90, 3), vsBaseline: round(r.median / baseline, 2) })),
    };
    out.push(`BENCH_JSON ${JSON.stringify(json)}`);
    process.stdout.write(`${out.join('\n')}\n`);
    return 0;
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
