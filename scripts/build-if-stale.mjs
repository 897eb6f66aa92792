import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';

// `npm start`'s first step (scripts/start.sh): build when the sources changed since the last build.
if (!buildIsCurrent()) {
  process.stdout.write('Building Atrio (first start or changed sources)…\n');
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
