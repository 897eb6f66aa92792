import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/** One item of a card's checklist, kept inside the card's row (a checklist is small and edited whole). */
export type ChecklistItem = { id: string; text: string; done: boolean };

// Every table carries project_id, so each query filters by the active project directly.
const projectId = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/** A kanban board of a project. */
export const boards = pgTable(
  'boards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boards_project_idx').on(t.projectId)],
);

const boardId = () =>
  uuid('board_id')
    .notNull()
    .references(() => boards.id, { onDelete: 'cascade' });

/**
 * A column. `rank` is a fractional key (lib/boards/rank.ts, compared byte by byte: the
 * column is COLLATE "C"), so moving a column or a card rewrites only its own row.
 */
export const boardColumns = pgTable(
  'board_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    boardId: boardId(),
    name: text('name').notNull(),
    rank: text('rank').notNull(),
    // Null: no limit. Hard: a move past it is refused; otherwise the column only warns.
    wipLimit: integer('wip_limit'),
    wipHard: boolean('wip_hard').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('board_columns_board_idx').on(t.boardId, t.rank)],
);

/** A board's label: a name and a colour (#rgb or #rrggbb). */
export const boardLabels = pgTable(
  'board_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    boardId: boardId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
  },
  (t) => [index('board_labels_board_idx').on(t.boardId)],
);

export const boardCards = pgTable(
  'board_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    boardId: boardId(),
    columnId: uuid('column_id')
      .notNull()
      .references(() => boardColumns.id, { onDelete: 'cascade' }),
    rank: text('rank').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    assigneeIds: uuid('assignee_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    labelIds: uuid('label_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // A calendar day: "due on the 3rd" means the 3rd wherever the reader is.
    dueOn: date('due_on', { mode: 'string' }),
    checklist: jsonb('checklist').$type<ChecklistItem[]>().notNull().default([]),
    // The tile's cover: the chosen image file, else (unless turned off) the first image file.
    coverId: uuid('cover_id').references((): AnyPgColumn => boardAttachments.id, { onDelete: 'set null' }),
    coverOff: boolean('cover_off').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_cards_column_idx').on(t.columnId, t.rank), index('board_cards_board_idx').on(t.boardId)],
);

const cardId = () =>
  uuid('card_id')
    .notNull()
    .references(() => boardCards.id, { onDelete: 'cascade' });

export const boardComments = pgTable(
  'board_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    cardId: cardId(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_comments_card_idx').on(t.cardId, t.createdAt)],
);

/** A file attached to a card, in private storage under `boards/<project>/<card>/<id>`. */
export const boardAttachments = pgTable(
  'board_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    cardId: cardId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_attachments_card_idx').on(t.cardId)],
);

/** Every change to a card, appended in the transaction that made it. */
export const boardActivity = pgTable(
  'board_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: projectId(),
    boardId: boardId(),
    cardId: cardId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_activity_card_idx').on(t.cardId, t.id)],
);

export type Board = typeof boards.$inferSelect;
export type BoardColumn = typeof boardColumns.$inferSelect;
export type BoardCard = typeof boardCards.$inferSelect;
