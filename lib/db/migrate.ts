import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Db, DbKind } from './client';

export const migrationsFolder = path.resolve(process.cwd(), 'drizzle');

/** Applies the committed migrations; safe to run on every start. */
export async function migrate(db: Db, kind: DbKind): Promise<void> {
  if (kind === 'pglite') await migratePglite(db, { migrationsFolder });
  // The node-postgres migrator takes the same drizzle instance shape.
  else await migratePg(db as never, { migrationsFolder });
}
