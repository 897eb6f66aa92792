import { spawnSync } from 'node:child_process';

// `npm test`: every suite, in order, stopping at the first failure.
const steps: [string, string[]][] = [
  ['Type check', ['node_modules/typescript/bin/tsc', '--noEmit']],
  ['Unit tests', ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit']],
  ['Integration tests', ['node_modules/vitest/vitest.mjs', 'run', '--project', 'integration']],
  ['End-to-end tests', ['--import', 'tsx', 'scripts/e2e.ts']],
];
for (const [name, args] of steps) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    process.stderr.write(`\n${name} failed.\n`);
    process.exit(result.status ?? 1);
  }
}
process.stdout.write('\nAll test suites passed.\n');
