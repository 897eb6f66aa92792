import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '@/lib/db/migrate';

const dirs: string[] = [];

/** The committed migrations up to and including `tag`, in a folder of their own: a database as an older release left it. */
export function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrio-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Removes the folders migrationsUpTo made (call from afterAll). */
export function removeMigrationCopies(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

type Row = Record<string, unknown>;
export type OlderDatabase = {
  db: PgliteDatabase;
  /** The first row a statement returns. */
  one: (query: SQL) => Promise<Row>;
  /** Applies every migration after `tag`: what an upgrade does. */
  migrateRest: () => Promise<void>;
};

/** A fresh embedded database as the release of migration `tag` left it, for `work`; closed after it. */
export async function withOlderDatabase(tag: string, work: (older: OlderDatabase) => Promise<void>): Promise<void> {
  const client = new PGlite();
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: migrationsUpTo(tag) });
    await work({
      db,
      one: async (query) => (await db.execute(query)).rows[0] as Row,
      migrateRest: () => migrate(db, { migrationsFolder }),
    });
  } finally {
    await client.close();
  }
}
