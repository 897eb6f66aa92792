import { spawn, spawnSync } from 'node:child_process';
import { buildIsCurrent, SERVER_ENTRY } from './build-state.mjs';

// `npm start`: build when the sources changed since the last build, then serve the compiled
// server with plain node. Plain JavaScript itself, so what stays beside the server is this
// small supervisor and nothing that compiles TypeScript. A server the watchdog killed (its
// event loop was stuck; see lib/ops/watchdog.ts) is started again, after a pause that doubles
// while it keeps dying young; any other exit is final.
if (!buildIsCurrent()) {
  process.stdout.write('Building Atrio (first start or changed sources)…\n');
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const HEALTHY_RUN_MS = 60_000;
const MAX_PAUSE_MS = 30_000;
let server;
let stopping = false;
let pauseMs = 500; // doubled before the first restart: 1 s

function serve() {
  const started = Date.now();
  server = spawn(process.execPath, [SERVER_ENTRY, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  server.on('exit', (code, signal) => {
    if (stopping || signal !== 'SIGKILL') process.exit(code ?? (signal ? 1 : 0));
    pauseMs = Date.now() - started > HEALTHY_RUN_MS ? 1_000 : Math.min(pauseMs * 2, MAX_PAUSE_MS);
    process.stderr.write(`The server was killed (SIGKILL: the watchdog, or out of memory); starting it again in ${pauseMs / 1000} s.\n`);
    setTimeout(() => (stopping ? process.exit(1) : serve()), pauseMs);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    else process.exit(0);
  });
serve();
