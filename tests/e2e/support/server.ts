import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY } from '../../../scripts/build-state.mjs';
import { freePort } from '../../../scripts/free-port';

export type Started = { proc: ChildProcess; port: number; base: string; dataDir: string; out: () => string; err: () => string; exited: Promise<number | null> };

/** Starts another production server of our own (for lifecycle tests). */
export async function startServer(extraEnv: Record<string, string> = {}, options: { waitForHealth?: boolean } = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'atrio-ops-'));
  let out = '';
  let err = '';
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_DATA: '0', ...extraEnv, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  if (options.waitForHealth !== false) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early: ${err}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        proc.kill('SIGKILL'); // never leave a half-started server behind
        throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { proc, port, base: `http://127.0.0.1:${port}`, dataDir, out: () => out, err: () => err, exited };
}

/** Stops a server from startServer, waits for it to exit and removes its data directory. */
export async function stopServer(server: Started): Promise<void> {
  server.proc.kill('SIGTERM');
  await server.exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** The newest link emailed to `to`, from the mail module's log line (no SMTP here). */
export function emailedLink(server: Started, to: string): string | undefined {
  const records = server
    .out()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { to?: string; links?: string[] });
  return records
    .filter((r) => r.to === to && r.links?.length)
    .at(-1)
    ?.links?.at(-1);
}
