import { closeDb, openDb } from '../lib/db/client';
import { lockDataDir } from '../lib/db/lock';
import { migrate } from '../lib/db/migrate';
import { env, EnvError } from '../lib/env';
import { privateUmask } from '../lib/ops/permissions';

// `npm run db:migrate`: applies the committed migrations and exits. Files it creates in the
// data directory are private from the start, as the server's are.
privateUmask();
try {
  const config = env();
  const unlock = config.dbKind === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  const handle = openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(handle.db, handle.kind);
    process.stdout.write(`Migrations applied (${handle.kind}).\n`);
  } finally {
    await handle.close();
    unlock();
  }
  await closeDb();
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? '' : 'Migration failed: '}${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
