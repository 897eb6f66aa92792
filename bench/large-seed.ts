import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../lib/db/client';

/** What the large-tenant bench adds; the numbers. */
export const LARGE = {
  projects: 1_000,
  members: 1_000,
  conversations: 500,
  messages: 200_000,
  requests: 20_000,
  cards: 5_000,
  invoices: 10_000,
  eventLogs: 500_000,
} as const;

export type LargeTenant = { projectId: string; boardId: string; conversationId: string; requestId: string; invoiceId: string };

const step = async (db: Db, label: string, query: SQL, progress: (line: string) => void) => {
  const started = performance.now();
  await db.execute(query);
  progress(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
};

/**
 * Grows the demo project into a large tenant, on top of the demo data: set-based inserts,
 * so a minute or two on either database. Rows are cloned from the demo's own so that every
 * value is one the product writes (statuses, invoice lines, ranks' shape); the demo owner
 * stays the person the bench signs in as. For the bench only: `npm start` never runs it.
 */
export async function seedLargeTenant(db: Db, projectId: string, boardId: string, progress: (line: string) => void): Promise<LargeTenant> {
  const p = projectId;
  await step(
    db,
    `${LARGE.projects - 1} more projects`,
    sql`insert into projects (key, name) select 'bulk' || g, 'Bulk project ' || g from generate_series(1, ${LARGE.projects - 1}) g`,
    progress,
  );
  await step(
    db,
    `${LARGE.members} members`,
    sql`with u as (
          insert into users (email, name) select 'member' || g || '@bulk.test', 'Member ' || g from generate_series(1, ${LARGE.members}) g returning id
        ), m as (
          insert into memberships (project_id, user_id) select ${p}, id from u returning id
        )
        insert into membership_profiles (membership_id, profile_id)
        select m.id, (select id from profiles where project_id = ${p} and not is_root order by created_at limit 1) from m`,
    progress,
  );
  await step(
    db,
    `${LARGE.conversations} channels`,
    sql`insert into chat_conversations (project_id, kind, name, topic, created_by)
        select ${p}, 'channel', 'bulk-' || g, 'Bulk channel ' || g, (select created_by from projects where id = ${p}) from generate_series(1, ${LARGE.conversations}) g`,
    progress,
  );
  // The trigger numbering each message upserts one counter row per insert: 200,000 versions
  // of one row in one transaction. Seqs are given here and the counter set once after.
  await db.execute(sql`alter table chat_messages disable trigger chat_messages_project_seq`);
  await step(
    db,
    `${LARGE.messages.toLocaleString('en')} messages`,
    sql`with c as (select array_agg(id order by name) ids from chat_conversations where project_id = ${p} and name like 'bulk-%'),
             a as (select array_agg(user_id) ids, count(*)::int n from memberships where project_id = ${p}),
             s as (select last_seq from chat_counters where project_id = ${p})
        insert into chat_messages (seq, conversation_id, project_id, author_id, body, created_at)
        select coalesce((select last_seq from s), 0) + g, c.ids[1 + g % ${LARGE.conversations}], ${p}, a.ids[1 + g % a.n],
               'Message ' || g || ' about the release notes and the next steps',
               now() - make_interval(secs => ${LARGE.messages} - g)
        from generate_series(1, ${LARGE.messages}) g, c, a`,
    progress,
  );
  await db.execute(sql`alter table chat_messages enable trigger chat_messages_project_seq`);
  await db.execute(sql`insert into chat_counters (project_id, last_seq) select ${p}, max(seq) from chat_messages where project_id = ${p}
    on conflict (project_id) do update set last_seq = excluded.last_seq`);
  await db.execute(sql`update chat_conversations c set last_message_seq = m.seq, last_message_at = m.at
    from (select conversation_id, max(seq) seq, max(created_at) at from chat_messages where project_id = ${p} group by conversation_id) m
    where m.conversation_id = c.id`);
  await step(
    db,
    `${LARGE.requests.toLocaleString('en')} requests with two replies each`,
    sql`with t as (select type, priority from requests where project_id = ${p} order by created_at limit 1),
             st as (select array_agg(distinct status) ids, count(distinct status)::int n from requests where project_id = ${p}),
             a as (select array_agg(user_id) ids, count(*)::int n from memberships where project_id = ${p}),
             n as (select coalesce(max(number), 0) last from requests where project_id = ${p}),
             r as (
               insert into requests (project_id, number, requester_id, subject, type, status, priority, created_at, updated_at)
               select ${p}, n.last + g, a.ids[1 + g % a.n], 'Bulk request ' || g, t.type, st.ids[1 + g % st.n], t.priority,
                      now() - make_interval(mins => ${LARGE.requests} - g), now() - make_interval(mins => ${LARGE.requests} - g)
               from generate_series(1, ${LARGE.requests}) g, t, st, a, n
               returning id, requester_id, created_at
             )
        insert into request_messages (request_id, project_id, author_id, kind, body, created_at)
        select r.id, ${p}, r.requester_id, 'reply', 'Reply ' || k || ': the steps to reproduce and what was expected', r.created_at + make_interval(mins => k)
        from r, generate_series(1, 2) k`,
    progress,
  );
  await db.execute(sql`insert into request_counters (project_id, last_number) select ${p}, max(number) from requests where project_id = ${p}
    on conflict (project_id) do update set last_number = excluded.last_number`);
  await step(
    db,
    `${LARGE.cards.toLocaleString('en')} cards on one board`,
    sql`with c as (select array_agg(id order by rank) ids, count(*)::int n from board_columns where board_id = ${boardId} and archived_at is null)
        insert into board_cards (project_id, board_id, column_id, rank, title, description)
        select ${p}, ${boardId}, c.ids[1 + g % c.n], 'z' || lpad(g::text, 6, '0'), 'Bulk card ' || g, 'What this card is about'
        from generate_series(1, ${LARGE.cards}) g, c`,
    progress,
  );
  await step(
    db,
    `${LARGE.invoices.toLocaleString('en')} invoices`,
    sql`with t as (select * from invoices where project_id = ${p} order by created_at limit 1)
        insert into invoices (project_id, number, status, currency, issue_date, due_date, lines, discount, taxes, breakdown,
                              subtotal, discount_total, tax_total, total, paid, created_by, created_at, updated_at, test)
        select ${p}, 'BULK-' || lpad(g::text, 5, '0'), t.status, t.currency, current_date - (g % 365), current_date - (g % 365) + 30,
               t.lines, t.discount, t.taxes, t.breakdown, t.subtotal, t.discount_total, t.tax_total, t.total, t.paid, t.created_by,
               now() - make_interval(hours => g), now() - make_interval(hours => g), t.test
        from generate_series(1, ${LARGE.invoices}) g, t`,
    progress,
  );
  await step(
    db,
    `${LARGE.eventLogs.toLocaleString('en')} event-log rows`,
    sql`insert into event_logs (project_id, at, kind, method, path, status, duration_ms, visitor, ip, user_agent)
        select ${p}, now() - make_interval(secs => g * 5), case when g % 3 = 0 then 'api' else 'page' end,
               'GET', case when g % 3 = 0 then '/api/boards' else '/dashboard' end, 200, g % 90,
               'a:bulk' || (g % 2000), '127.0.0.1', 'Mozilla/5.0'
        from generate_series(1, ${LARGE.eventLogs}) g`,
    progress,
  );
  await db.execute(sql`analyze`);
  const one = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0].id;
  return {
    projectId,
    boardId,
    conversationId: await one(sql`select id from chat_conversations where project_id = ${p} and name = 'bulk-1'`),
    requestId: await one(sql`select id from requests where project_id = ${p} and subject = 'Bulk request 1'`),
    invoiceId: await one(sql`select id from invoices where number = 'BULK-00001'`),
  };
}
