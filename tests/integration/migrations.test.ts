import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { testDb } from './helpers/db';

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => db.cleanup());

const TABLES = ['users', 'projects', 'profiles', 'memberships', 'membership_profiles', 'sessions', 'one_time_tokens', 'faq_entries', 'help_articles'];

describe('migrations', () => {
  it('create every table of the data layer', async () => {
    const rows = await db.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = current_schema()`);
    const names = rows.rows.map((r) => r.table_name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('can run again without changing anything', async () => {
    await expect(migrate(db.db, db.kind)).resolves.toBeUndefined();
    const rows = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`);
    expect(rows.rows[0].n).toBeGreaterThanOrEqual(TABLES.length);
  });

  it('enforce one account per email whatever its case', async () => {
    await db.db.execute(sql`insert into users (email, name) values ('Ana@Example.com', 'Ana')`);
    await expect(db.db.execute(sql`insert into users (email, name) values ('ana@example.com', 'Ana 2')`)).rejects.toThrow();
  });

  it('enforce unique project keys and cascade a project to its profiles', async () => {
    await db.db.execute(sql`insert into projects (key, name) values ('acme', 'Acme')`);
    await expect(db.db.execute(sql`insert into projects (key, name) values ('acme', 'Other')`)).rejects.toThrow();
    await db.db.execute(sql`insert into profiles (project_id, name) select id, 'Staff' from projects where key = 'acme'`);
    await db.db.execute(sql`delete from projects where key = 'acme'`);
    const left = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from profiles where name = 'Staff'`);
    expect(left.rows[0].n).toBe(0);
  });

  it('keep one help slug per language', async () => {
    await db.db.execute(sql`insert into help_articles (topic, locale, slug, title, body) values ('t', 'en', 'same', 'A', 'a')`);
    await db.db.execute(sql`insert into help_articles (topic, locale, slug, title, body) values ('t', 'es', 'same', 'B', 'b')`);
    await expect(db.db.execute(sql`insert into help_articles (topic, locale, slug, title, body) values ('u', 'en', 'same', 'C', 'c')`)).rejects.toThrow();
  });
});
