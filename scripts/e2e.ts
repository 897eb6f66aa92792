import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent } from './build-state.mjs';
import { ensureChromium } from './chromium';
import { freePort } from './free-port';

// `npm run test:e2e`: the production build in a real Chromium, on a fresh database.
const chromium = ensureChromium();
if (!buildIsCurrent()) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-e2e-'));
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
  DATA_DIR: dataDir,
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  NEXT_TELEMETRY_DISABLED: '1',
};
try {
  // Seed first, so the tests can read the ids and logins the server will use.
  const setup = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/support/prepare-db.ts'], { stdio: 'inherit', env });
  if (setup.status !== 0) process.exit(setup.status ?? 1);
  const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
