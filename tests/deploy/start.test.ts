import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { waitFor } from './stack';

// `npm start` as the README gives it, on the embedded database: what it leaves running is
// npm, the shell supervisor and the compiled server (one Node process besides npm's own), and
// the supervisor brings back a server that was killed.

const ROOT = path.resolve(import.meta.dirname, '../..');
type Proc = { pid: number; ppid: number; rssKb: number; args: string };

/** Every process of the process group `pgid`. */
function group(pgid: number): Proc[] {
  const out = spawnSync('ps', ['-o', 'pid=,ppid=,rss=,args=', '-g', String(pgid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), rssKb: Number(m[3]), args: m[4] }));
}

const serverOf = (procs: Proc[]) => procs.filter((p) => p.args.includes('.next/atrio/server.mjs'));

let npm: ChildProcess;
let origin: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-start-'));

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  env.AUTH_SECRET = randomBytes(32).toString('base64url');
  delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  // Its own process group, so the test can signal everything npm start left running.
  npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: 'ignore' });
  await waitFor(`${origin}/api/health`, npm);
}, 180_000);

afterAll(() => {
  // Whatever a failed test left of the group; after a clean stop there is nothing.
  if (group(npm.pid!).length > 0) process.kill(-npm.pid!, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('leaves npm, a shell and one server running, with no TypeScript loader', () => {
    const procs = group(npm.pid!);
    const node = realpathSync(process.execPath);
    const nodes = procs.filter((p) => {
      try {
        return readlinkSync(`/proc/${p.pid}/exe`) === node;
      } catch {
        return false;
      }
    });
    expect(serverOf(procs)).toHaveLength(1);
    expect(procs.some((p) => p.args.includes('tsx'))).toBe(false);
    expect(procs.some((p) => p.args.includes('scripts/start.sh'))).toBe(true);
    // npm's own process and the server: nothing else in Node.
    expect(nodes.length, procs.map((p) => p.args).join('\n')).toBe(2);
    const shell = procs.find((p) => p.args.includes('scripts/start.sh'))!;
    expect(shell.rssKb).toBeLessThan(10_000);
    // Two malloc arenas (scripts/start.sh says why), unless whoever starts it chose otherwise.
    const environ = readFileSync(`/proc/${serverOf(procs)[0].pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}`);
  });

  it('starts the server again when it is killed, and stops with everything on SIGTERM', async () => {
    const [first] = serverOf(group(npm.pid!));
    process.kill(first.pid, 'SIGKILL');
    const until = Date.now() + 60_000;
    let next: Proc | undefined;
    while (Date.now() < until) {
      next = serverOf(group(npm.pid!))[0];
      if (next && next.pid !== first.pid) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(next?.pid).not.toBe(first.pid);
    await waitFor(`${origin}/api/health`, npm);

    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    process.kill(-npm.pid!, 'SIGTERM');
    await exited;
    // The server drains and exits too: nothing of the group is left.
    const gone = Date.now() + 30_000;
    while (group(npm.pid!).length > 0 && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(group(npm.pid!)).toEqual([]);
  }, 120_000);
});
