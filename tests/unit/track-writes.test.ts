import { describe, expect, it } from 'vitest';
import { trackWrites } from '@/lib/db/changes';

/** A connection that answers every query at once, as a promise or through a callback. */
function connection() {
  const client = {
    query: (...args: unknown[]): unknown => {
      const last = args[args.length - 1];
      const failing = String((args[0] as { text?: string }).text ?? args[0]).includes('fail');
      if (typeof last === 'function') return void queueMicrotask(() => last(failing ? new Error('no') : null, {}));
      return failing ? Promise.reject(new Error('no')) : Promise.resolve({});
    },
  };
  const families: string[] = [];
  trackWrites(client, (family) => families.push(family));
  const run = async (text: string, style: 'promise' | 'callback' = 'promise') => {
    if (style === 'callback') return new Promise<void>((resolve) => client.query(text, [], () => resolve()));
    await (client.query({ text }, []) as Promise<unknown>).catch(() => {});
  };
  return { run, commits: () => families.length, families };
}

describe('trackWrites', () => {
  it('tells of a write to a callers table once it is committed: at once on its own, at COMMIT in a transaction', async () => {
    const c = connection();
    await c.run('update "users" set "name" = $1 where "users"."id" = $2');
    expect(c.commits()).toBe(1);
    await c.run('begin');
    await c.run('delete from "memberships" where "memberships"."id" = $1');
    await c.run('insert into "membership_profiles" ("membership_id", "profile_id") values ($1, $2)');
    expect(c.commits()).toBe(1);
    await c.run('commit');
    expect(c.commits()).toBe(2);
  });

  it('says nothing of reads, other tables, failed statements and rolled back transactions', async () => {
    const c = connection();
    await c.run('select "id" from "users"');
    await c.run('update "blog_posts" set "title" = $1');
    await c.run('update "users" set fail');
    await c.run('begin');
    await c.run('update "sessions" set "revoked_at" = now()');
    await c.run('savepoint sp1');
    await c.run('rollback to savepoint sp1');
    await c.run('rollback');
    await c.run('commit');
    expect(c.commits()).toBe(0);
  });

  it("names each written family once per commit: callers' tables and the dashboard's data", async () => {
    const c = connection();
    await c.run('insert into "audit_log" ("project_id", "action") values ($1, $2)');
    expect(c.families).toEqual(['data']);
    await c.run('begin');
    await c.run('update "requests" set "status" = $1');
    await c.run('insert into "request_messages" ("request_id") values ($1)');
    await c.run('update "users" set "name" = $1');
    await c.run('commit');
    expect(c.families).toEqual(['data', 'data', 'callers']);
  });

  it("names the chats' family for messages, conversations, members and read marks, not for the seq counter", async () => {
    const c = connection();
    await c.run('begin');
    await c.run('insert into "chat_messages" ("conversation_id", "body") values ($1, $2), ($3, $4)');
    await c.run('update "chat_counters" set "last_seq" = $1');
    await c.run('update "chat_conversations" set "last_message_seq" = $1');
    await c.run('commit');
    await c.run('insert into "chat_reads" ("conversation_id", "user_id") values ($1, $2) on conflict do nothing');
    await c.run('delete from "chat_members" where "user_id" = $1');
    expect(c.families).toEqual(['chats', 'chats', 'chats']);
  });

  it("names the data family for every table a board's view is read from (migration 0028)", async () => {
    const c = connection();
    for (const table of ['boards', 'board_columns', 'board_labels', 'board_cards', 'board_comments', 'board_attachments']) {
      await c.run(`update "${table}" set "id" = "id"`);
    }
    await c.run('update "board_templates" set "id" = "id"');
    expect(c.families).toEqual(Array(6).fill('data'));
  });

  it('follows the callback form the pool itself uses', async () => {
    const c = connection();
    await c.run('update "projects" set "status" = 2', 'callback');
    expect(c.commits()).toBe(1);
  });
});
