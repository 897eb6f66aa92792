import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import type { RatingScore, RequestPriority, RequestStatus, RequestType, SlaTargets } from './limits';

/** A file attached to a thread entry, kept in private storage and served only to whoever may read the entry. */
export type RequestAttachment = { id: string; key: string; name: string; type: string; size: number };

/**
 * A request (ticket) of a project: opened by one of its users, or by staff for one. `number`
 * counts per project (#1, #2 …) from `request_counters`, taken in the creating transaction.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    type: text('type').$type<RequestType>().notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('new'),
    priority: text('priority').$type<RequestPriority>().notNull().default('normal'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // SLA: due times fixed from the project's targets when created or re-prioritised.
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    // A merged duplicate is closed and points at the request that took its thread.
    mergedIntoId: uuid('merged_into_id'),
  },
  (t) => [
    uniqueIndex('requests_project_number_key').on(t.projectId, t.number),
    index('requests_project_status_idx').on(t.projectId, t.status),
    // The list's default order (newest activity first) without sorting the project's requests.
    index('requests_project_updated_idx').on(t.projectId, t.updatedAt.desc(), t.number.desc()),
    index('requests_requester_idx').on(t.requesterId),
  ],
);

export const requestCounters = pgTable('request_counters', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/** The thread: public replies (the requester's and staff's), staff-only notes and system events. */
export const requestMessages = pgTable(
  'request_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'reply' | 'note' | 'event'>().notNull(),
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments').$type<RequestAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The second serves the dashboard home's activity: a project's newest entries.
  (t) => [index('request_messages_request_idx').on(t.requestId, t.createdAt), index('request_messages_project_idx').on(t.projectId, t.createdAt)],
);

/** Related requests of one project; each pair stored once, the smaller id first. */
export const requestLinks = pgTable(
  'request_links',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    aId: uuid('a_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    bId: uuid('b_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The migration also checks a_id < b_id.
  (t) => [primaryKey({ columns: [t.aId, t.bId] }), index('request_links_b_idx').on(t.bId)],
);

/** Per-project SLA targets in minutes, per priority; a project without a row uses the defaults. */
export const requestSla = pgTable('request_sla', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  targets: jsonb('targets').$type<SlaTargets>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A project's ready answer; its body may hold {{name}}, {{project}} and {{agent}}, filled in by the composer. */
export const requestCannedReplies = pgTable(
  'request_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_canned_replies_project_idx').on(t.projectId, t.title)],
);

/** The requester's rating of a solved request: one per request, overwritten until `changes` reaches the limit. */
export const requestRatings = pgTable(
  'request_ratings',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    score: text('score').$type<RatingScore>().notNull(),
    comment: text('comment').notNull().default(''),
    changes: integer('changes').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_ratings_project_idx').on(t.projectId, t.updatedAt)],
);

export type RequestRow = typeof requests.$inferSelect;
export type CannedReplyRow = typeof requestCannedReplies.$inferSelect;
export type RequestMessageRow = typeof requestMessages.$inferSelect;
