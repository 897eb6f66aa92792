import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { removeMigrationCopies, withOlderDatabase } from './helpers/migrations';

// Messages written while seqs were global keep their order, their read marks and their
// conversations' heads when 0005 numbers them per project.

const BEFORE = '0004_chats';
afterAll(removeMigrationCopies);

type Row = Record<string, unknown>;

describe('0005: per-project message seqs', () => {
  it('renumbers old messages per project in their order, moving read marks and heads with them; new ones continue', async () => {
    await withOlderDatabase(BEFORE, async ({ db, one, migrateRest }) => {
      const p = {
        a: await one(sql`insert into projects (key, name) values ('mig-a', 'A') returning id`),
        b: await one(sql`insert into projects (key, name) values ('mig-b', 'B') returning id`),
      };
      const user = await one(sql`insert into users (email, name) values ('mig@example.test', 'Mig') returning id`);
      const conv = async (projectId: unknown) =>
        (await one(sql`insert into chat_conversations (project_id, kind, name) values (${projectId}, 'channel', ${String(Math.random())}) returning id`)).id;
      const [a1, a2, b1] = [await conv(p.a.id), await conv(p.a.id), await conv(p.b.id)];
      // Interleaved, as a shared global counter numbered them: 1 a1, 2 b1, 3 a2, 4 b1, 5 a1, 6 a1.
      const order = [a1, b1, a2, b1, a1, a1];
      for (const [i, c] of order.entries()) {
        const projectId = c === b1 ? p.b.id : p.a.id;
        await db.execute(sql`insert into chat_messages (conversation_id, project_id, body) values (${c}, ${projectId}, ${`m${i + 1}`})`);
      }
      const head = async (c: unknown, seq: number) => db.execute(sql`update chat_conversations set last_message_seq = ${seq} where id = ${c}`);
      await head(a1, 6);
      await head(a2, 3);
      await head(b1, 4);
      // Read a1 up to its second message (old 5), a2 up to its only one, b1 up to its first.
      await db.execute(
        sql`insert into chat_reads (conversation_id, user_id, last_read_seq) values (${a1}, ${user.id}, 5), (${a2}, ${user.id}, 3), (${b1}, ${user.id}, 2)`,
      );

      await migrateRest();

      const seqs = ((await db.execute(sql`select body, seq from chat_messages order by project_id = ${p.b.id}, seq`)).rows as Row[]).map((r) => [
        r.body,
        Number(r.seq),
      ]);
      expect(seqs).toEqual([
        ['m1', 1],
        ['m3', 2],
        ['m5', 3],
        ['m6', 4],
        ['m2', 1],
        ['m4', 2],
      ]);
      const heads = (await db.execute(sql`select id, last_message_seq as s from chat_conversations`)).rows as Row[];
      expect(Object.fromEntries(heads.map((r) => [r.id, Number(r.s)]))).toEqual({ [String(a1)]: 4, [String(a2)]: 2, [String(b1)]: 2 });
      const marks = (await db.execute(sql`select conversation_id as c, last_read_seq as s from chat_reads`)).rows as Row[];
      expect(Object.fromEntries(marks.map((r) => [r.c, Number(r.s)]))).toEqual({ [String(a1)]: 3, [String(a2)]: 2, [String(b1)]: 1 });

      // New messages continue each project's own count, whoever inserts them.
      const next = await one(sql`insert into chat_messages (conversation_id, project_id, body) values (${b1}, ${p.b.id}, 'new') returning seq`);
      expect(Number(next.seq)).toBe(3);
      const fresh = await one(sql`insert into projects (key, name) values ('mig-c', 'C') returning id`);
      const c1 = await conv(fresh.id);
      expect(
        Number((await one(sql`insert into chat_messages (conversation_id, project_id, body) values (${c1}, ${fresh.id}, 'first') returning seq`)).seq),
      ).toBe(1);
      await expect(db.execute(sql`update chat_messages set seq = 1 where body = 'm3'`)).rejects.toThrow();
    });
  });
});
