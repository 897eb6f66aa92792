import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '@/lib/db/lock';

const RACERS = 6;
const TRIALS = 30;
const racer = path.resolve(import.meta.dirname, 'helpers/lock-racer.ts');

type Racer = { child: ChildProcess; next: () => Promise<string> };

function startRacer(): Promise<Racer> {
  const child = spawn(process.execPath, ['--import', 'tsx', racer], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  const queued: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => (waiting.length ? waiting.shift()!(line) : queued.push(line)));
  const next = () => new Promise<string>((resolve) => (queued.length ? resolve(queued.shift()!) : waiting.push(resolve)));
  return next().then((line) => {
    expect(line).toBe('ready');
    return { child, next };
  });
}

let root: string;
let racers: Racer[] = [];
let deadPid: number;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'atrio-lock-'));
  racers = await Promise.all(Array.from({ length: RACERS }, startRacer));
  // A pid that was a process a moment ago: what a crashed server leaves in its lock.
  deadPid = spawnSync('true').pid!;
}, 120_000);
afterAll(() => {
  for (const r of racers) r.child.stdin!.end();
  rmSync(root, { recursive: true, force: true });
});

let dirs = 0;
const newDir = () => {
  const dir = path.join(root, `d${(dirs += 1)}`);
  mkdirSync(dir);
  return dir;
};

/** A lock as this version writes it, naming `pid` with the given start time. */
function writeLock(dir: string, pid: number, started = '1') {
  const lock = path.join(dir, 'atrio.lock');
  mkdirSync(lock);
  writeFileSync(path.join(lock, 'e0c5a1d2-0000-4000-8000-000000000000.json'), JSON.stringify({ pid, instance: 'old', started }));
}
/** A lock as the previous version wrote it: a file holding a bare pid. */
const writeLegacyLock = (dir: string, pid: number) => writeFileSync(path.join(dir, 'atrio.lock'), String(pid));

describe('the data directory lock', () => {
  it(`lets exactly one of ${RACERS} processes racing for a stale lock win, ${TRIALS} times over`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const dir = newDir();
      if (trial % 2) writeLegacyLock(dir, deadPid);
      else writeLock(dir, deadPid);
      for (const r of racers) r.child.stdin!.write(`lock ${dir}\n`);
      const answers = await Promise.all(racers.map((r) => r.next()));
      const won = answers.filter((a) => a === 'won');
      expect(won, `trial ${trial}: ${answers.join(' | ')}`).toHaveLength(1);
      for (const a of answers) if (a !== 'won') expect(a).toMatch(/^lost .*is in use by another Atrio process/);
      // And the winner's lock keeps this process out too.
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    }
  }, 300_000);

  it('takes over a lock naming a live process that is not an Atrio server (a recycled pid)', () => {
    const sleeper = spawn('sleep', ['30']);
    try {
      for (const write of [(d: string) => writeLock(d, sleeper.pid!), (d: string) => writeLegacyLock(d, sleeper.pid!)]) {
        const dir = newDir();
        write(dir);
        const release = lockDataDir(dir);
        release();
        expect(existsSync(path.join(dir, 'atrio.lock'))).toBe(false);
      }
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a lock naming a live Node process with another start time', () => {
    const dir = newDir();
    writeLock(dir, racers[0].child.pid!, '42');
    lockDataDir(dir)();
  });

  it('clears a lock left empty and leaves no temporary directories behind', () => {
    const dir = newDir();
    mkdirSync(path.join(dir, 'atrio.lock'));
    const release = lockDataDir(dir);
    expect(readdirSync(dir)).toEqual(['atrio.lock']);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
