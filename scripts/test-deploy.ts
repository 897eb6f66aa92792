import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildIsCurrent } from './build-state.mjs';

// `npm run test:deploy`: the deployment recipe of deploy/ on loopback. Debian's nginx (installed
// with apt-get when missing and we are root), a throwaway PostgreSQL and S3-compatible bucket
// (scripts/with-postgres.sh, scripts/with-s3.sh), the compiled server twice; then
// tests/deploy/ through nginx only.
const hasNginx = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].some(existsSync) || spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
if (!hasNginx()) {
  if (process.getuid?.() !== 0) {
    process.stderr.write('nginx is missing: install it (apt-get install nginx-light) or run as root to have it installed.\n');
    process.exit(1);
  }
  process.stdout.write('Installing nginx with apt-get…\n');
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && (apt-get install -y -qq nginx-light || apt-get install -y -qq nginx)'], { stdio: 'inherit' });
  if (install.status !== 0 || !hasNginx()) process.exit(install.status || 1);
}
if (!buildIsCurrent()) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(
  'bash',
  [
    'scripts/with-postgres.sh',
    'bash',
    'scripts/with-s3.sh',
    process.execPath,
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'deploy',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } },
);
process.exit(run.status ?? 1);
