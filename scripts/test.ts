import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm test`: every suite, in order, stopping at the first failure, then one total line.
const reports = mkdtempSync(path.join(tmpdir(), 'atrio-test-'));
const vitest = (project: string) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${project}.json`)}`,
];
const steps: [string, string[]][] = [
  ['Type check', ['node_modules/typescript/bin/tsc', '--noEmit']],
  ['Lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0']],
  ['Format', ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']],
  ['Docs', ['--import', 'tsx', 'scripts/check-docs.ts']],
  ['Unit tests', vitest('unit')],
  ['Integration tests', vitest('integration')],
  ['End-to-end tests', ['--import', 'tsx', 'scripts/e2e.ts', '--reporter=list,json']],
];

function totals(): { passed: number; failed: number; skipped: number } {
  const sum = { passed: 0, failed: 0, skipped: 0 };
  for (const project of ['unit', 'integration']) {
    const file = path.join(reports, `${project}.json`);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    sum.passed += r.numPassedTests;
    sum.failed += r.numFailedTests;
    sum.skipped += r.numPendingTests + r.numTodoTests;
  }
  const e2e = path.join(reports, 'e2e.json');
  if (existsSync(e2e)) {
    const { stats } = JSON.parse(readFileSync(e2e, 'utf8'));
    sum.passed += stats.expected + stats.flaky;
    sum.failed += stats.unexpected;
    sum.skipped += stats.skipped;
  }
  return sum;
}

let status = 0;
for (const [name, args] of steps) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
  });
  if (result.status !== 0) {
    process.stderr.write(`\n${name} failed.\n`);
    status = result.status ?? 1;
    break;
  }
}
const t = totals();
rmSync(reports, { recursive: true, force: true });
// A failed step that ran no test (the type check, a build) still counts as a failure.
const failed = status !== 0 ? Math.max(t.failed, 1) : t.failed;
process.stdout.write(`\n${t.passed} passed, ${failed} failed, ${t.skipped} skipped\n`);
process.exit(status);
