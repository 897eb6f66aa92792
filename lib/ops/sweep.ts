import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { chatMessages } from '../chats/tables';
import type { Db } from '../db/client';
import { logger } from '../log/logger';
import { errorFields } from '../log/errors';
import { projectFiles } from '../projects/tables';
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
  const projectCandidates: Found[] = [];
  const chatCandidates: Found[] = [];
  for await (const found of files(root, root, cutoff)) {
    if (!found.old) continue;
    if (TEMP_SUFFIX.test(found.key)) {
      if (await remove(found.file)) result.temporary += 1;
      continue;
    }
    // A sidecar goes with its file; one whose file never arrived is judged by that file's key.
    const key = found.key.endsWith(META) ? found.key.slice(0, -META.length) : found.key;
    if (PROJECT_FILE.test(key)) projectCandidates.push({ ...found, key });
    else if (CHAT_FILE.test(key)) chatCandidates.push({ ...found, key });
  }

  const projectUsed = await projectKeysInUse(db, [...new Set(projectCandidates.map((f) => f.key))]);
  const conversations = [...new Set(chatCandidates.map((f) => CHAT_FILE.exec(f.key)![1]))];
  const chatUsed = await chatKeysInUse(db, conversations);
  for (const found of [...projectCandidates.filter((f) => !projectUsed.has(f.key)), ...chatCandidates.filter((f) => !chatUsed.has(f.key))]) {
    if ((await remove(found.file)) && !found.file.endsWith(META)) result.orphaned += 1;
  }
  return result;
}

/** At start: the sweep, in one log line; a failure is logged and never stops the start. */
export async function sweepAtStart(db: Db, uploadDir: string): Promise<void> {
  try {
    logger.info(await sweepUploads(db, uploadDir), 'upload folder swept');
  } catch (error) {
    logger.warn(errorFields(error), 'upload folder sweep failed');
  }
}
