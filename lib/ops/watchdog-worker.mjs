// The watchdog's own thread: it keeps running while the main thread is stuck (a synchronous
// loop, a WebAssembly call that never returns), which is exactly when nothing on the main
// thread can run: not a timer, not a SIGTERM handler. Plain JavaScript so it needs no loader.
import { writeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

/** [0]: beats the main thread counts up; [1]: how long (ms) it may miss them, 0 = paused. */
const shared = workerData.shared;
let seen = Atomics.load(shared, 0);
let since = performance.now();

setInterval(() => {
  const now = performance.now();
  const beat = Atomics.load(shared, 0);
  if (beat !== seen) {
    seen = beat;
    since = now;
    return;
  }
  const limit = Atomics.load(shared, 1);
  if (limit <= 0 || now - since <= limit) return;
  // A log line in the server's own format, written synchronously: nothing else will be.
  const line = { level: 60, time: new Date().toISOString(), app: 'atrio', blockedMs: Math.round(now - since), limitMs: limit };
  writeSync(2, `${JSON.stringify({ ...line, msg: 'event loop blocked; the watchdog ends the process (SIGKILL, exit status 137)' })}\n`);
  // process.exit() here would end only this thread. A signal the process cannot handle ends
  // it whatever the main thread is doing; a supervisor then starts a fresh one.
  process.kill(process.pid, 'SIGKILL');
}, workerData.checkMs);
