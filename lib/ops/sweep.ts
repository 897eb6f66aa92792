import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { chatMessages } from '../chats/tables';
import type { Db } from '../db/client';
import { env } from '../env';
import { logger } from '../log/logger';
import { errorFields } from '../log/errors';
import { projectFiles } from '../projects/tables';
import { storage, type Storage } from '../storage';
import { META, TEMP_SUFFIX } from '../storage/local';

// Files are stored before the row that names them commits (a message's attachments, a
// project request's files), and removed after the row that named them is gone: a crash in
// between leaves a file nobody can reach. Swept at start, before the server listens.

export const SWEEP_AGE_MS = 60 * 60 * 1000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// Only the private keys we name ourselves (lib/projects/request.ts, lib/chats/attachments.ts).
const PROJECT_FILE = new RegExp(`^projects/${UUID}/files/${UUID}$`);
const CHAT_FILE = new RegExp(`^chats/${UUID}/(${UUID})/${UUID}$`);
const BATCH = 500;

type Found = { key: string; file: string; old: boolean };
/** A private file no row may name: removed when none does. `counted` is false for a sidecar. */
type Candidate = { key: string; counted: boolean; remove(): Promise<boolean> };

/** Every regular file under `dir` (links are not followed), with its key relative to `root`. */
async function* files(root: string, dir: string, cutoff: number): AsyncGenerator<Found> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await lstat(file).catch(() => null);
    if (stat?.isDirectory()) yield* files(root, file, cutoff);
    else if (stat?.isFile()) yield { key: path.relative(root, file).split(path.sep).join('/'), file, old: stat.mtimeMs < cutoff };
  }
}

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** The keys among `keys` that a project_files row names. */
async function projectKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const batch of batches(keys)) {
    const rows = await db.select({ key: projectFiles.key }).from(projectFiles).where(inArray(projectFiles.key, batch));
    for (const row of rows) used.add(row.key);
  }
  return used;
}

/** The keys a message of these conversations lists among its attachments. */
async function chatKeysInUse(db: Db, conversationIds: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const batch of batches(conversationIds)) {
    const rows = await db
      .select({ key: sql<string>`a.value->>'key'` })
      .from(sql`${chatMessages} cross join lateral jsonb_array_elements(${chatMessages.attachments}) as a`)
      .where(inArray(chatMessages.conversationId, batch));
    for (const row of rows) used.add(row.key);
  }
  return used;
}

async function remove(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch {
    return false; // gone already, or not ours to remove
  }
}

/** Deletes one object; false when that failed (the next start tries again). */
async function removeObject(store: Pick<Storage, 'delete'>, key: string): Promise<boolean> {
  try {
    await store.delete(key);
    return true;
  } catch {
    return false;
  }
}

/** Removes the project and chat files among `candidates` that no row names; the count of files removed. */
async function removeOrphans(db: Db, candidates: Candidate[]): Promise<number> {
  const projectCandidates = candidates.filter((c) => PROJECT_FILE.test(c.key));
  const chatCandidates = candidates.filter((c) => CHAT_FILE.test(c.key));
  const projectUsed = await projectKeysInUse(db, [...new Set(projectCandidates.map((c) => c.key))]);
  const conversations = [...new Set(chatCandidates.map((c) => CHAT_FILE.exec(c.key)![1]))];
  const chatUsed = await chatKeysInUse(db, conversations);
  let orphaned = 0;
  for (const found of [...projectCandidates.filter((c) => !projectUsed.has(c.key)), ...chatCandidates.filter((c) => !chatUsed.has(c.key))]) {
    if ((await found.remove()) && found.counted) orphaned += 1;
  }
  return orphaned;
}

export type SweepResult = { temporary: number; orphaned: number };

/**
 * Removes, under the upload folder: half-written files (`~` + 12 hex, see LocalStorage.put)
 * and private project and chat files no row names, each only when older than `ageMs` so a
 * write in progress (here or on another instance) is never touched. Anything else is left alone.
 */
export async function sweepUploads(db: Db, uploadDir: string, ageMs = SWEEP_AGE_MS): Promise<SweepResult> {
  const root = path.resolve(uploadDir);
  const cutoff = Date.now() - ageMs;
  const result: SweepResult = { temporary: 0, orphaned: 0 };
  const candidates: Candidate[] = [];
  for await (const found of files(root, root, cutoff)) {
    if (!found.old) continue;
    if (TEMP_SUFFIX.test(found.key)) {
      if (await remove(found.file)) result.temporary += 1;
      continue;
    }
    // A sidecar goes with its file; one whose file never arrived is judged by that file's key.
    const sidecar = found.key.endsWith(META);
    candidates.push({ key: sidecar ? found.key.slice(0, -META.length) : found.key, counted: !sidecar, remove: () => remove(found.file) });
  }
  result.orphaned = await removeOrphans(db, candidates);
  return result;
}

/**
 * The same for a bucket (STORAGE_URL): objects are written whole, so there is nothing
 * half-written, only orphans, judged by the time the store says each object was written.
 */
export async function sweepBucket(db: Db, store: Required<Pick<Storage, 'list' | 'delete'>>, ageMs = SWEEP_AGE_MS): Promise<SweepResult> {
  const cutoff = Date.now() - ageMs;
  const candidates: Candidate[] = [];
  for (const prefix of ['projects/', 'chats/']) {
    for await (const { key, modified } of store.list(prefix)) {
      if (modified.getTime() >= cutoff) continue;
      candidates.push({ key, counted: true, remove: () => removeObject(store, key) });
    }
  }
  return { temporary: 0, orphaned: await removeOrphans(db, candidates) };
}

/** At start: the sweep of the upload folder or the bucket, in one log line; a failure is logged and never stops the start. */
export async function sweepAtStart(db: Db, uploadDir: string): Promise<void> {
  try {
    const config = env().storage;
    const store = storage();
    if (config.driver === 's3' && store.list) {
      const result = await sweepBucket(db, { list: store.list.bind(store), delete: store.delete.bind(store) });
      logger.info({ ...result, bucket: config.display }, 'upload bucket swept');
    } else logger.info(await sweepUploads(db, uploadDir), 'upload folder swept');
  } catch (error) {
    logger.warn(errorFields(error), 'upload sweep failed');
  }
}
