import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { boardAttachments } from '../boards/tables';
import { chatMessages } from '../chats/tables';
import type { Db } from '../db/client';
import { env } from '../env';
import { logger } from '../log/logger';
import { errorFields } from '../log/errors';
import { projectFiles } from '../projects/tables';
import { requestMessages } from '../requests/tables';
import { storage, type Storage } from '../storage';
import { META, TEMP_SUFFIX } from '../storage/local';

// Files are stored before the row that names them commits (a message's attachments, a
// project request's files, a card's or a request's attachments), and removed after the row
// that named them is gone: a crash in between leaves a file nobody can reach. Swept at start,
// before the server listens.

export const SWEEP_AGE_MS = 60 * 60 * 1000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BATCH = 500;

type Found = { key: string; file: string; old: boolean };
/** A private file no row may name: removed when none does. `counted` is false for a sidecar. */
type Candidate = { key: string; counted: boolean; remove(): Promise<boolean> };

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** The keys among `keys` that a row of `table` names in `column`. */
function namedIn(table: PgTable, column: Column) {
  return async (db: Db, keys: string[]): Promise<Set<string>> => {
    const used = new Set<string>();
    for (const batch of batches(keys)) {
      const rows = await db
        .select({ key: sql<string>`${column}` })
        .from(table)
        .where(inArray(column, batch));
      for (const row of rows) used.add(row.key);
    }
    return used;
  };
}

/**
 * The keys a row lists among its `attachments` (a jsonb array of `{ key }`), read for the
 * parents (conversation, request) that the keys' second id names.
 */
function listedIn(table: PgTable, attachments: Column, parent: Column, pattern: RegExp) {
  return async (db: Db, keys: string[]): Promise<Set<string>> => {
    const used = new Set<string>();
    const parents = [...new Set(keys.map((key) => pattern.exec(key)![1]))];
    for (const batch of batches(parents)) {
      const rows = await db
        .select({ key: sql<string>`a.value->>'key'` })
        .from(sql`${table} cross join lateral jsonb_array_elements(${attachments}) as a`)
        .where(inArray(parent, batch));
      for (const row of rows) used.add(row.key);
    }
    return used;
  };
}

// Only the private keys we name ourselves (lib/projects/request.ts, lib/chats/attachments.ts,
// lib/boards/attachments.ts, lib/requests/thread.ts), each with the rows that may name it.
const CHAT_FILE = new RegExp(`^chats/${UUID}/(${UUID})/${UUID}$`);
const REQUEST_FILE = new RegExp(`^requests/${UUID}/(${UUID})/${UUID}$`);
const KINDS: { prefix: string; pattern: RegExp; inUse: (db: Db, keys: string[]) => Promise<Set<string>> }[] = [
  { prefix: 'projects/', pattern: new RegExp(`^projects/${UUID}/files/${UUID}$`), inUse: namedIn(projectFiles, projectFiles.key) },
  { prefix: 'chats/', pattern: CHAT_FILE, inUse: listedIn(chatMessages, chatMessages.attachments, chatMessages.conversationId, CHAT_FILE) },
  { prefix: 'boards/', pattern: new RegExp(`^boards/${UUID}/${UUID}/${UUID}$`), inUse: namedIn(boardAttachments, boardAttachments.key) },
  { prefix: 'requests/', pattern: REQUEST_FILE, inUse: listedIn(requestMessages, requestMessages.attachments, requestMessages.requestId, REQUEST_FILE) },
];

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

/** Removes the private files among `candidates` that no row names; the count of files removed. */
async function removeOrphans(db: Db, candidates: Candidate[]): Promise<number> {
  let orphaned = 0;
  for (const kind of KINDS) {
    const mine = candidates.filter((c) => kind.pattern.test(c.key));
    if (mine.length === 0) continue;
    const used = await kind.inUse(db, [...new Set(mine.map((c) => c.key))]);
    for (const found of mine.filter((c) => !used.has(c.key))) if ((await found.remove()) && found.counted) orphaned += 1;
  }
  return orphaned;
}

export type SweepResult = { temporary: number; orphaned: number };

/**
 * Removes, under the upload folder: half-written files (`~` + 12 hex, see LocalStorage.put)
 * and private files (project requests, chats, cards, requests) no row names, each only when older than `ageMs` so a
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
  for (const { prefix } of KINDS) {
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
