import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium';

// scripts/e2e.ts prepares the database, a free port and the browser, then runs this.
const port = Number(process.env.E2E_PORT);
if (!port) throw new Error('Run the end-to-end tests with `npm run test:e2e`.');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node .next/atrio/server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      AUTH_SECRET: process.env.AUTH_SECRET!,
      LOG_LEVEL: 'warn',
      // Invoices issued during the run are test invoices, which the built-in test processor settles.
      PAYMENTS_TEST: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
