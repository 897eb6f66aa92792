import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { removeMigrationCopies, withOlderDatabase } from './helpers/migrations';

// 0006 counts what the messages already written hold, then a trigger keeps the count on
// every insert, change and delete of a message, whoever writes it.

const BEFORE = '0005_chat_project_seq';
afterAll(removeMigrationCopies);

type Row = Record<string, unknown>;
const files = (...sizes: number[]) => JSON.stringify(sizes.map((size, i) => ({ id: `f${i}`, key: `k${i}`, name: `f${i}.txt`, type: 'text/plain', size })));

describe('0006: storage usage', () => {
  it('backfills each project and author from their messages, then follows every change', async () => {
    await withOlderDatabase(BEFORE, async ({ db, one, migrateRest }) => {
      const project = async (key: string) => (await one(sql`insert into projects (key, name) values (${key}, ${key}) returning id`)).id as string;
      const user = async (email: string) => (await one(sql`insert into users (email, name) values (${email}, 'U') returning id`)).id as string;
      const [p, q] = [await project('use-p'), await project('use-q')];
      const [u, v] = [await user('u@example.test'), await user('v@example.test')];
      const conv = async (projectId: string) =>
        (await one(sql`insert into chat_conversations (project_id, kind, name) values (${projectId}, 'channel', ${String(Math.random())}) returning id`))
          .id as string;
      const [cp, cq] = [await conv(p), await conv(q)];
      const message = async (c: string, projectId: string, author: string | null, attachments: string) =>
        (
          await one(
            sql`insert into chat_messages (conversation_id, project_id, author_id, attachments) values (${c}, ${projectId}, ${author}, ${attachments}::jsonb) returning id`,
          )
        ).id as string;
      await message(cp, p, u, files(100, 200));
      await message(cp, p, v, files(50));
      await message(cq, q, u, files(1000));
      await message(cq, q, null, files(7));
      await message(cp, p, u, '[]');

      await migrateRest();

      const usage = async () =>
        Object.fromEntries(
          ((await db.execute(sql`select owner_kind, owner_id, bytes from storage_usage`)).rows as Row[]).map((r) => [
            `${r.owner_kind}:${r.owner_id}`,
            Number(r.bytes),
          ]),
        );
      expect(await usage()).toEqual({ [`project:${p}`]: 350, [`project:${q}`]: 1007, [`user:${u}`]: 1300, [`user:${v}`]: 50 });

      const added = await message(cp, p, v, files(10, 20));
      expect(await usage()).toMatchObject({ [`project:${p}`]: 380, [`user:${v}`]: 80 });
      // An edit of the text changes nothing; a soft delete (attachments emptied) gives the bytes back.
      await db.execute(sql`update chat_messages set body = 'edited' where id = ${added}`);
      expect(await usage()).toMatchObject({ [`project:${p}`]: 380, [`user:${v}`]: 80 });
      await db.execute(sql`update chat_messages set attachments = '[]'::jsonb, deleted_at = now() where id = ${added}`);
      expect(await usage()).toMatchObject({ [`project:${p}`]: 350, [`user:${v}`]: 50 });
      // A removed user's messages stay with the project, no longer with anyone.
      await db.execute(sql`delete from users where id = ${v}`);
      expect(await usage()).toMatchObject({ [`project:${p}`]: 350, [`user:${v}`]: 0 });
      // Rows that go (a conversation deleted) take their bytes with them.
      await db.execute(sql`delete from chat_conversations where id = ${cq}`);
      expect(await usage()).toMatchObject({ [`project:${q}`]: 0, [`user:${u}`]: 300 });
      await expect(db.execute(sql`insert into storage_usage (owner_kind, owner_id) values ('team', ${p})`)).rejects.toThrow();
    });
  });
});
