import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertContentType, assertKey } from './keys';
import type { Storage, StoredFile } from './types';

// The content type sits in a sidecar named with `~`, a character keys cannot contain,
// so no key can ever collide with another key's sidecar.
export const META = '~meta';
/** The suffix of a file being written (see put). */
export const TEMP_SUFFIX = /~[0-9a-f]{12}$/;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Files on the local disk under `root`: the default, and enough for a single instance. */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key pattern already keeps every path inside the root.
    const rel = path.relative(this.root, full);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) throw new Error('Storage key escapes the upload folder');
    return full;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.file(key);
    assertContentType(contentType);
    // Owner only, whatever the process umask: uploads are private to the server's user.
    await mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
    // Written aside and renamed, so a reader never sees half a file. A crash can leave the
    // temporary file behind; the start-up sweep (lib/ops/sweep.ts) removes it by this name.
    const tmp = `${file}~${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(tmp, JSON.stringify({ contentType }), { mode: FILE_MODE });
      await rename(tmp, file + META);
      await writeFile(tmp, bytes, { mode: FILE_MODE });
      await rename(tmp, file);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
    let contentType = 'application/octet-stream';
    try {
      contentType = JSON.parse(await readFile(file + META, 'utf8')).contentType ?? contentType;
    } catch (error) {
      if (!missing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(file + META, { force: true });
  }
}
