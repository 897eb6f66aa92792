import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { env, resetEnv } from '@/lib/env';
import { storage } from '@/lib/storage';

/** STORAGE_URL with one more key prefix segment: an empty place of its own in the same bucket. */
export function withKeyPrefix(url: string, segment: string): string {
  const scoped = new URL(url);
  scoped.pathname = `${scoped.pathname.replace(/\/$/, '')}/${segment}`;
  return scoped.toString();
}

/**
 * Points UPLOAD_DIR at a new temporary folder (`dir`, inside `root` when `sub` is given) for
 * one test file; `restore()` puts the old value back and removes the folder. When the run
 * has a bucket (STORAGE_URL, see scripts/with-s3.sh) the file gets a fresh key prefix in it
 * too, unless `local` asks for the disk (tests that look at the files themselves).
 */
export function tempUploadDir(prefix: string, sub?: string, options: { local?: boolean } = {}) {
  const saved = { UPLOAD_DIR: process.env.UPLOAD_DIR, STORAGE_URL: process.env.STORAGE_URL };
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const dir = sub ? path.join(root, sub) : root;
  process.env.UPLOAD_DIR = dir;
  if (options.local) delete process.env.STORAGE_URL;
  else if (saved.STORAGE_URL) process.env.STORAGE_URL = withKeyPrefix(saved.STORAGE_URL, `${prefix}${randomUUID()}`);
  resetEnv();
  return {
    root,
    dir,
    restore() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnv();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The keys stored under `prefix` (e.g. `chats/`), wherever the configured storage keeps
 * them: the bucket's listing, or the files on disk without sidecars and half-written files.
 */
export async function storedKeys(prefix = ''): Promise<string[]> {
  const s = storage();
  const keys: string[] = [];
  if (s.list) {
    for await (const { key } of s.list(prefix)) keys.push(key);
    return keys.sort();
  }
  const root = env().uploadDir;
  const dir = path.join(root, prefix);
  if (!existsSync(dir)) return [];
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile() && !e.name.includes('~')) keys.push(path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  return keys.sort();
}
