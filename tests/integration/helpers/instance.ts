import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe } from 'vitest';
import { closeDb } from '@/lib/db/client';

/**
 * Another app instance in a process of its own: runs one of the `helpers/*-process.ts`
 * scripts, which prints `port <n>` once it serves and stops when its stdin closes.
 */
export async function startInstance(script: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /port (\d+)/.exec(chunk.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`second process exited (${code})`)));
  });
  return { child, port };
}

/**
 * The other side, in a `*-process.ts` script: listens on a free loopback port, prints it, and
 * once stdin closes runs `before` (the script's own shutdown), closes the database and exits.
 */
export function serveUntilStdinEnds(server: Server, before: () => Promise<void> = async () => {}): void {
  server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await before();
    server.closeAllConnections();
    server.close();
    await closeDb();
    process.exit(0);
  });
}

/**
 * Runs `suite` against this process, and on PostgreSQL (TEST_DATABASE_URL) once more
 * against a second server process that `startThere` launches.
 */
export function onEachInstance<I>(suite: (label: string, instance: () => I) => void, here: I, startThere: () => Promise<I>): void {
  suite('one instance', () => here);
  describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two instances on one PostgreSQL', () => {
    let there: I;
    beforeAll(async () => {
      there = await startThere();
    }, 60_000);
    suite('the other instance', () => there);
  });
}
