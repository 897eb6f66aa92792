import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { logger } from '@/lib/log/logger';
import { privateUmask, restrictModes, secureDataDirs } from '@/lib/ops/permissions';
import { LocalStorage } from '@/lib/storage/local';

let base: string;
beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'atrio-modes-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const mode = (p: string) => lstatSync(p).mode & 0o777;

/** Every folder and file under `dir` with a group or other permission bit. */
function openToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .concat(dir)
    .filter((p) => (lstatSync(p).isFile() || lstatSync(p).isDirectory()) && mode(p) & 0o077);
}

/** Runs `fn` under the server's umask, then puts the test process's back. */
async function underPrivateUmask<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.umask();
  privateUmask();
  try {
    return await fn();
  } finally {
    process.umask(saved);
  }
}

describe('data directory modes', () => {
  it('restricts an existing tree: folders 0700, files 0600, one log line with the count', () => {
    const data = path.join(base, 'data');
    const uploads = path.join(base, 'elsewhere-uploads'); // UPLOAD_DIR outside DATA_DIR
    mkdirSync(path.join(data, 'pglite', 'base'), { recursive: true });
    mkdirSync(path.join(uploads, 'chats'), { recursive: true });
    const outside = path.join(base, 'not-ours.txt');
    const entries: [string, number][] = [
      [data, 0o777],
      [path.join(data, 'pglite'), 0o755],
      [path.join(data, 'pglite', 'base'), 0o777],
      [uploads, 0o775],
      [path.join(uploads, 'chats'), 0o777],
    ];
    for (const [file, m] of [
      [path.join(data, 'pglite', 'base', 'wal'), 0o666],
      [path.join(data, 'auth-secret'), 0o644],
      [path.join(data, 'read-only'), 0o400],
      [path.join(uploads, 'chats', 'f'), 0o666],
      [outside, 0o644],
    ] as const) {
      writeFileSync(file, 'x');
      entries.push([file, m]);
    }
    for (const [p, m] of entries) chmodSync(p, m);
    symlinkSync(outside, path.join(data, 'link'));

    const info = vi.spyOn(logger, 'info').mockImplementation((() => undefined) as never);
    try {
      expect(secureDataDirs([data, uploads])).toEqual({ fixed: 8, failed: 0 });
      expect(info).toHaveBeenCalledTimes(1);
      expect(info.mock.calls[0][0]).toMatchObject({ fixed: 8, failed: 0 });
    } finally {
      info.mockRestore();
    }
    expect(openToOthers(data)).toEqual([]);
    expect(openToOthers(uploads)).toEqual([]);
    expect(mode(path.join(data, 'pglite', 'base'))).toBe(0o700);
    expect(mode(path.join(data, 'pglite', 'base', 'wal'))).toBe(0o600);
    expect(mode(path.join(data, 'read-only'))).toBe(0o400); // already private: left as it is
    expect(mode(outside)).toBe(0o644); // a link's target outside the tree is not ours
    expect(restrictModes([data, uploads])).toEqual({ fixed: 0, failed: 0 }); // a second start finds nothing
  });

  it('leaves a new embedded database private, in the order server.ts starts', async () => {
    const dir = path.join(base, 'fresh');
    const info = vi.spyOn(logger, 'info').mockImplementation((() => undefined) as never);
    try {
      await underPrivateUmask(async () => {
        const handle = openDb({ dataDir: dir });
        await migrate(handle.db, handle.kind);
        // PGlite writes its initial files 0666 whatever the umask: the pass after opening fixes them.
        expect(openToOthers(dir).length).toBeGreaterThan(0);
        secureDataDirs([dir]);
        await handle.db.execute(sql`create table t (secret text)`);
        await handle.db.execute(sql`insert into t values ('an argon2 hash')`);
        await handle.db.execute(sql`checkpoint`);
        // What it writes from then on follows the umask (its catalog caches aside, inside 0700 folders).
        expect(openToOthers(dir).filter((p) => !p.endsWith('pg_internal.init'))).toEqual([]);
        await handle.close();
      });
    } finally {
      info.mockRestore();
    }
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'pglite'))).toBe(0o700);
  });

  it('stores uploads owner-only whatever the umask', async () => {
    const saved = process.umask(0o022);
    try {
      const root = path.join(base, 'uploads');
      await new LocalStorage(root).put('chats/p/c/f', new TextEncoder().encode('private'), 'text/plain');
      expect(mode(path.join(root, 'chats/p/c/f'))).toBe(0o600);
      expect(mode(path.join(root, 'chats/p/c/f~meta'))).toBe(0o600);
      expect(mode(path.join(root, 'chats/p'))).toBe(0o700);
      expect(statSync(path.join(root, 'chats')).mode & 0o077).toBe(0);
    } finally {
      process.umask(saved);
    }
  });
});
