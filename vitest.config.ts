import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        // Component and hook tests opt into a DOM with `// @vitest-environment happy-dom`.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One embedded database per file; PGlite takes a few seconds to start.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // `npm run test:deploy` only: the compiled server twice behind nginx (scripts/test-deploy.ts).
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
