import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DataDirInUseError, lockDataDir } from '../lib/db/lock';
import { env } from '../lib/env';
import { storage } from '../lib/storage';

// `npm run backup -- create <folder>` and `npm run backup -- restore <folder>`, with the
// server's own environment (DATA_DIR, DATABASE_URL, STORAGE_URL, UPLOAD_DIR):
// - the data directory (its secret and initial passwords; the embedded database and the
//   uploads when they live there), copied while no server holds it;
// - PostgreSQL with pg_dump's custom format, consistent while the instances keep serving;
// - the bucket's files, each with its content type.
// Restoring wants an empty data directory, an empty database and bucket prefix.

const LOCK = 'atrio.lock';
type Manifest = { created: string; database: 'embedded' | 'postgres'; bucket: boolean; uploads: boolean };

/** The PostgreSQL tool, from PATH or Debian's versioned folders (newest first). */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return name;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', name))) return path.join(root, v, 'bin', name);
  throw new Error(`${name} is missing: install PostgreSQL's client tools (apt-get install postgresql-client)`);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed (exit ${result.status})`);
}

/** Holds the data directory while copying it: with the embedded database, no server may run. */
function withDataDir<T>(dataDir: string, work: () => T): T {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new Error(`${dataDir} is in use: stop the server first (the embedded database is copied at rest)`);
    throw error;
  }
  try {
    return work();
  } finally {
    release();
  }
}

const insideOf = (dir: string, parent: string) => !path.relative(parent, dir).startsWith('..');

async function create(folder: string): Promise<void> {
  const e = env();
  if (existsSync(folder) && readdirSync(folder).length) throw new Error(`${folder} is not empty`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const postgres = e.dbKind === 'postgres';
  const copyData = () => cpSync(e.dataDir, path.join(folder, 'data'), { recursive: true, filter: (src) => path.basename(src) !== LOCK });
  // Beside PostgreSQL the data directory holds no database: instances keep running.
  if (postgres) copyData();
  else withDataDir(e.dataDir, copyData);
  if (postgres) run(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${path.join(folder, 'database.dump')}`, `--dbname=${e.DATABASE_URL}`]);
  const bucket = e.storage.driver === 's3';
  if (bucket) {
    const types: Record<string, string> = {};
    for await (const { key } of storage().list!('')) {
      const file = await storage().get(key);
      if (!file) continue; // removed since it was listed
      mkdirSync(path.dirname(path.join(folder, 'files', key)), { recursive: true });
      writeFileSync(path.join(folder, 'files', key), file.bytes);
      types[key] = file.contentType;
    }
    writeFileSync(path.join(folder, 'files.json'), JSON.stringify(types, null, 2));
  }
  const uploads = !bucket && !insideOf(e.uploadDir, e.dataDir) && existsSync(e.uploadDir);
  if (uploads) cpSync(e.uploadDir, path.join(folder, 'uploads'), { recursive: true });
  const manifest: Manifest = { created: new Date().toISOString(), database: postgres ? 'postgres' : 'embedded', bucket, uploads };
  writeFileSync(path.join(folder, 'backup.json'), JSON.stringify(manifest, null, 2));
  process.stdout.write(`Backup written to ${folder}.\n`);
}

async function restore(folder: string): Promise<void> {
  const e = env();
  const manifest = JSON.parse(readFileSync(path.join(folder, 'backup.json'), 'utf8')) as Manifest;
  if ((manifest.database === 'postgres') !== (e.dbKind === 'postgres'))
    throw new Error(
      `the backup holds the ${manifest.database} database: set DATABASE_URL ${manifest.database === 'postgres' ? 'to an empty database' : 'to nothing'}`,
    );
  if (existsSync(e.dataDir) && readdirSync(e.dataDir).length) throw new Error(`DATA_DIR ${e.dataDir} is not empty`);
  cpSync(path.join(folder, 'data'), e.dataDir, { recursive: true });
  if (manifest.database === 'postgres') {
    const client = new pg.Client({ connectionString: e.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    await client.end();
    if (rows[0].n > 0) throw new Error('the database is not empty: restore into a new one');
    run(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${e.DATABASE_URL}`, path.join(folder, 'database.dump')]);
  }
  if (manifest.bucket) {
    if (e.storage.driver !== 's3') throw new Error('the backup holds a bucket: set STORAGE_URL to the bucket (or prefix) to restore into');
    const types = JSON.parse(readFileSync(path.join(folder, 'files.json'), 'utf8')) as Record<string, string>;
    for (const [key, type] of Object.entries(types)) await storage().put(key, readFileSync(path.join(folder, 'files', key)), type);
  }
  if (manifest.uploads) cpSync(path.join(folder, 'uploads'), e.uploadDir, { recursive: true });
  process.stdout.write(`Restored from ${folder}.\n`);
}

const [command, folder] = process.argv.slice(2);
if (!folder || (command !== 'create' && command !== 'restore')) {
  process.stderr.write('usage: npm run backup -- create <folder> | restore <folder>\n');
  process.exit(2);
}
try {
  await (command === 'create' ? create(path.resolve(folder)) : restore(path.resolve(folder)));
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
