import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { STAMP, sourceHash } from './build-state';

// `npm run build`: the production build, stamped with the sources it was made from.
const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
// Hashed after the build: `next build` may touch inputs such as tsconfig.json.
writeFileSync(STAMP, sourceHash());
