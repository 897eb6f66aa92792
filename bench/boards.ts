import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { getBoardView } from '../lib/boards/service';
import { boardCards } from '../lib/boards/tables';
import { openDb } from '../lib/db/client';
import { migrate } from '../lib/db/migrate';
import { round, table } from './lib';

// `npm run bench:boards`: a board of 1,000 cards (embedded database). Times the board's API
// answer (getBoardView and its JSON) against a bare `select id, title` of the same cards, and
// the kanban's first render in a DOM against a bare <ul> of the same titles, in one run.
// Env: BENCH_CARDS (default 1000), BENCH_RUNS (timed runs, default 20).

const CARDS = positive('BENCH_CARDS', 1_000);
const RUNS = positive('BENCH_RUNS', 20);
const COLUMNS = 5;
const WARMUP = 3;
/** The aim: the board opens within a second (API answer plus first render). */
const AIM_MS = 1_000;

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

/** One project, five members, a board with five columns, three labels and CARDS cards spread over the columns. */
async function seed(db: Db): Promise<{ projectId: string; boardId: string }> {
  await db.execute(sql`insert into projects (id, key, name, status) values (md5('p')::uuid, 'bench', 'Bench', 1)`);
  await db.execute(sql`
    insert into users (id, email, name, status) select md5('u' || g)::uuid, 'u' || g || '@bench.test', 'Member ' || g, 1 from generate_series(1, 5) g`);
  await db.execute(sql`insert into memberships (project_id, user_id) select md5('p')::uuid, md5('u' || g)::uuid from generate_series(1, 5) g`);
  await db.execute(sql`insert into boards (id, project_id, name) values (md5('b')::uuid, md5('p')::uuid, 'Bench board')`);
  await db.execute(sql`
    insert into board_columns (id, project_id, board_id, name, rank)
    select md5('c' || g)::uuid, md5('p')::uuid, md5('b')::uuid, 'Column ' || g, chr(64 + g) from generate_series(1, ${COLUMNS}) g`);
  await db.execute(sql`
    insert into board_labels (id, project_id, board_id, name, color)
    select md5('l' || g)::uuid, md5('p')::uuid, md5('b')::uuid, 'Label ' || g, '#336699' from generate_series(1, 3) g`);
  // Ranks "V0001"… are valid fractional keys (no trailing zero: the last digit is 1–9 or a letter).
  await db.execute(sql`
    insert into board_cards (project_id, board_id, column_id, rank, title, assignee_ids, label_ids, due_on, checklist)
    select md5('p')::uuid, md5('b')::uuid, md5('c' || (1 + g % ${COLUMNS}))::uuid,
           'V' || lpad(g::text, 5, '0') || 'V',
           'Card number ' || g || ' with a title of a usual length',
           array[md5('u' || (1 + g % 5))::uuid], array[md5('l' || (1 + g % 3))::uuid],
           (date '2026-01-01' + (g % 60)),
           '[{"id":"00000000-0000-4000-8000-000000000001","text":"Step","done":true}]'::jsonb
    from generate_series(1, ${CARDS}) g`);
  await db.execute(sql`analyze`);
  return {
    projectId: (await db.execute<{ id: string }>(sql`select md5('p')::uuid as id`)).rows[0].id,
    boardId: (await db.execute<{ id: string }>(sql`select md5('b')::uuid as id`)).rows[0].id,
  };
}

async function time(run: () => unknown): Promise<{ median: number; p90: number }> {
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

/** A DOM for React: happy-dom's window as the globals a browser would have. */
function installDom(): void {
  const window = new Window({ url: 'http://localhost:3000/', width: 1280, height: 800 });
  const g = globalThis as Record<string, unknown>;
  g.window = window;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in g || key.startsWith('_')) continue;
    try {
      g[key] = (window as unknown as Record<string, unknown>)[key];
    } catch {
      // Accessors that need their window as `this`: not needed by React.
    }
  }
  // happy-dom has no layout: give a column's scroller and each drawn card the sizes a
  // browser would, so the virtualizer draws what a real column shows.
  for (const [prop, axis] of [
    ['offsetHeight', 'height'],
    ['offsetWidth', 'width'],
    ['clientHeight', 'height'],
    ['clientWidth', 'width'],
  ] as const) {
    const own = Object.getOwnPropertyDescriptor(window.HTMLElement.prototype, prop);
    Object.defineProperty(window.HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        const size = this.dataset?.virtual ? { width: 288, height: 600 } : this.dataset?.index !== undefined ? { width: 272, height: 84 } : null;
        return size ? size[axis] : (own?.get?.call(this) ?? 0);
      },
    });
  }
  g.document = window.document;
  g.navigator = window.navigator;
  g.IS_REACT_ACT_ENVIRONMENT = false;
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-boards-'));
  const handle = openDb({ dataDir });
  try {
    progress(`Migrating and seeding a board of ${CARDS.toLocaleString('en-US')} cards (${dataDir})…`);
    await migrate(handle.db, handle.kind);
    const { projectId, boardId } = await seed(handle.db);
    const ctx = { db: handle.db, project: { id: projectId } } as Parameters<typeof getBoardView>[0];
    const results: { name: string; median: number; p90: number }[] = [];
    const shape = async (name: string, run: () => unknown) => {
      progress(`Timing ${name}: ${WARMUP} warm-up + ${RUNS} runs…`);
      results.push({ name, ...(await time(run)) });
    };
    await shape('baseline: bare select id, title', () =>
      handle.db
        .select({ id: boardCards.id, title: boardCards.title })
        .from(boardCards)
        .where(eq(boardCards.boardId, boardId))
        .orderBy(boardCards.columnId, boardCards.rank),
    );
    await shape('API: board view + JSON', async () => JSON.stringify({ board: await getBoardView(ctx, boardId) }));
    const board = await getBoardView(ctx, boardId);

    installDom();
    const { renderOnce } = await import('./boards-render');
    let cardsInDom = 0;
    const renders = { kanban: [] as number[], bare: [] as number[] };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const r = renderOnce(board);
      cardsInDom = r.cardsInDom;
      if (i >= WARMUP) {
        renders.kanban.push(r.kanban);
        renders.bare.push(r.bare);
      }
    }
    const stats = (list: number[]) => {
      const s = [...list].sort((a, b) => a - b);
      return { median: s[Math.floor(s.length / 2)], p90: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))] };
    };
    results.push({ name: 'render baseline: bare <ul> of titles', ...stats(renders.bare) });
    results.push({ name: 'first render: kanban (virtualized)', ...stats(renders.kanban) });

    const [dbBase, api, renderBase, render] = results;
    const out = [
      '',
      `Boards — one board of ${board.cards.length.toLocaleString('en-US')} cards in ${COLUMNS} columns, PGlite + happy-dom, median of ${RUNS} runs`,
      '',
    ];
    out.push(
      table(
        ['measure', 'median ms', 'p90 ms', '× its baseline'],
        results.map((r, i) => [r.name, r.median.toFixed(2), r.p90.toFixed(2), (r.median / (i < 2 ? dbBase.median : renderBase.median)).toFixed(1)]),
      ),
    );
    const open = api.median + render.median;
    out.push(
      '',
      `Cards in the DOM after the first render: ${cardsInDom} of ${board.cards.length} (long columns draw only what is in view).`,
      `${open <= AIM_MS ? '✓' : '✗'} API + first render: ${open.toFixed(1)} ms (aim ≤ ${AIM_MS} ms; the browser adds network and layout).`,
    );
    const cpus = os.cpus();
    out.push('', `Machine: Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
    const json = {
      date: new Date().toISOString(),
      cards: board.cards.length,
      runs: RUNS,
      aimMs: AIM_MS,
      cardsInDom,
      shapes: results.map((r, i) => ({
        measure: r.name,
        medianMs: round(r.median, 3),
        p90Ms: round(r.p90, 3),
        vsBaseline: round(r.median / (i < 2 ? dbBase.median : renderBase.median), 2),
      })),
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
