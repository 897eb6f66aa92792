import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb, setDbHandle } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';

/**
 * A real, migrated database for one test file: an embedded PGlite in a temporary
 * directory, or, when TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server.
 */
export async function testDb() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let handle: ReturnType<typeof openDb>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (url) {
    // A database of its own per file: the migrations name the public schema.
    const name = `atrio_t_${process.pid}_${Date.now().toString(36)}`;
    const admin = openDb({ databaseUrl: url, dataDir });
    await admin.db.execute(sql.raw(`create database "${name}"`));
    await admin.close();
    const scoped = new URL(url);
    scoped.pathname = `/${name}`;
    databaseUrl = scoped.toString();
    handle = openDb({ databaseUrl, dataDir });
    dropDatabase = async () => {
      const again = openDb({ databaseUrl: url, dataDir });
      await again.db.execute(sql.raw(`drop database "${name}" with (force)`));
      await again.close();
    };
  } else {
    handle = openDb({ dataDir });
  }
  await migrate(handle.db, handle.kind);
  setDbHandle(handle);
  return {
    ...handle,
    dataDir,
    /** The PostgreSQL database of this file, when the tests run on PostgreSQL. */
    databaseUrl,
    async cleanup() {
      setDbHandle(undefined);
      await handle.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
