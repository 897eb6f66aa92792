import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/** A project's style categories, shown in `position` order. */
export const photomagikCategories = pgTable(
  'photomagik_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photomagik_categories_project_idx').on(t.projectId, t.position)],
);

/**
 * A style: the prompt template wraps the user's prompt at `{prompt}`. `previewUrl` is the
 * last generated preview; a change of the template or negative prompt queues a new one.
 */
export const photomagikStyles = pgTable(
  'photomagik_styles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => photomagikCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    promptTemplate: text('prompt_template').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    previewUrl: text('preview_url'),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photomagik_styles_project_idx').on(t.projectId, t.position)],
);

/** An end user of the project's image tool, named by the project's own id for them (`externalId`). */
export const photomagikUsers = pgTable(
  'photomagik_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull().default(''),
    credits: integer('credits').notNull().default(0),
    used: integer('used').notNull().default(0),
    blocked: boolean('blocked').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('photomagik_users_project_external_key').on(t.projectId, t.externalId)],
);

export type GenerationStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * One generation, which is also its job: the worker claims queued rows (and running ones
 * whose lease ran out, after a crash) FOR UPDATE SKIP LOCKED, so each runs once across
 * instances and a restart resumes. A style preview is a generation with no user.
 */
export const photomagikGenerations = pgTable(
  'photomagik_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => photomagikUsers.id, { onDelete: 'cascade' }),
    styleId: uuid('style_id').references(() => photomagikStyles.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'image' | 'preview'>().notNull().default('image'),
    prompt: text('prompt').notNull(),
    /** The style's template filled in, and its negative prompt, as sent to the provider. */
    fullPrompt: text('full_prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    status: text('status').$type<GenerationStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    provider: text('provider').notNull().default(''),
    imageKey: text('image_key'),
    error: text('error'),
    /** Credits taken for it; given back when it fails. */
    cost: integer('cost').notNull().default(0),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('photomagik_generations_due_idx').on(t.status, t.createdAt),
    index('photomagik_generations_project_idx').on(t.projectId, t.createdAt),
    index('photomagik_generations_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The project's key for the public generation API: only its hash is kept. */
export const photomagikKeys = pgTable('photomagik_keys', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  /** The first characters, so people can tell which key is in use. */
  prefix: text('prefix').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

export type PhotomagikStyle = typeof photomagikStyles.$inferSelect;
export type PhotomagikUser = typeof photomagikUsers.$inferSelect;
export type PhotomagikGeneration = typeof photomagikGenerations.$inferSelect;
