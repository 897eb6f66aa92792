import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent, SERVER_ENTRY } from '../scripts/build-state.mjs';
import { appNodeArgs, freePort, launch, waitForOk, type Child } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Builds when the sources changed since the last build; false when the build failed. */
export function ensureBuild(progress: (line: string) => void): boolean {
  if (buildIsCurrent()) return true;
  progress('Building (the sources changed since the last build)…');
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' }).status === 0;
}

/** The compiled production server on a free loopback port, on the embedded database of `dataDir` or on `databaseUrl`; resolves once healthy. */
export async function startAppServer(dataDir: string, databaseUrl: string | undefined): Promise<{ app: Child; origin: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    // As `npm start` and the systemd unit run it (scripts/start.sh says why).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const origin = `http://127.0.0.1:${port}`;
  const app = launch('Atrio server', [...appNodeArgs(), SERVER_ENTRY], { cwd: ROOT, env });
  await waitForOk(`${origin}/api/health`, app, 120_000);
  return { app, origin };
}
