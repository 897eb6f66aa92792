import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/** Who changed what and when: profiles, memberships, project status and settings. Append only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when the project or the actor is deleted, so history outlives them.
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Insertion order: timestamps tie (the embedded database's clock ticks in milliseconds).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [
    index('audit_log_seq_idx').on(t.seq),
    index('audit_log_project_seq_idx').on(t.projectId, t.seq),
    index('audit_log_actor_seq_idx').on(t.actorId, t.seq),
    index('audit_log_action_seq_idx').on(t.action, t.seq),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
