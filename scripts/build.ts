import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompressStatic } from '../lib/http/static-assets';
import { STAMP, sourceHash } from './build-state.mjs';
import { buildServer } from './build-server';

// `npm run build`: the production build (Next's and the server's), stamped with the sources it was made from.
const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
const packed = precompressStatic(path.join('.next', 'static'));
process.stdout.write(`Compressed ${packed.files} static files: ${(packed.bytes / 1024).toFixed(0)} kB → ${(packed.encoded / 1024).toFixed(0)} kB (brotli).\n`);
await buildServer();
process.stdout.write('Compiled the server.\n');
// Hashed after the build: `next build` may touch inputs such as tsconfig.json.
writeFileSync(STAMP, sourceHash());
