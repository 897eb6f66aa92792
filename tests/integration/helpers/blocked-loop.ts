import { startWatchdog } from '../../../lib/ops/watchdog';

// A child process with the server's watchdog and a SIGTERM handler like server.ts's. Mode
// "block" then spins for ever, as the database once did; "busy" works in slices shorter than
// the limit for `runMs` and exits 0 (a loaded but live server must not be killed).
const [mode, limitArg, runArg] = process.argv.slice(2);
const limitMs = Number(limitArg);
process.on('SIGTERM', () => {
  process.stdout.write('SIGTERM handled\n');
  process.exit(0);
});
startWatchdog(limitMs);

function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

setTimeout(async () => {
  process.stdout.write('blocking\n');
  if (mode === 'block') for (;;) spin(1_000);
  const until = Date.now() + Number(runArg);
  while (Date.now() < until) {
    spin(limitMs / 2);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.exit(0);
}, 200);
