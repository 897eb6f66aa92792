import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetEnv } from '@/lib/env';

/**
 * Points UPLOAD_DIR at a new temporary folder (`dir`, inside `root` when `sub` is given) for
 * one test file; `restore()` puts the old value back and removes the folder.
 */
export function tempUploadDir(prefix: string, sub?: string) {
  const saved = process.env.UPLOAD_DIR;
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const dir = sub ? path.join(root, sub) : root;
  process.env.UPLOAD_DIR = dir;
  resetEnv();
  return {
    root,
    dir,
    restore() {
      if (saved === undefined) delete process.env.UPLOAD_DIR;
      else process.env.UPLOAD_DIR = saved;
      resetEnv();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
