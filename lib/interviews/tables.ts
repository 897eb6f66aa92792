import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import type { Answers } from './answers';
import type { Question } from './questions';

/**
 * A project's questionnaire. `questions` is the working copy the editor changes; what
 * respondents answer is always a frozen row of interview_versions (`version` is the newest).
 */
export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    welcome: text('welcome').notNull().default(''),
    thanks: text('thanks').notNull().default(''),
    language: text('language').$type<'en' | 'es'>().notNull().default('en'),
    status: text('status').$type<'draft' | 'published' | 'closed'>().notNull().default('draft'),
    maxResponses: integer('max_responses'),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    isPublic: boolean('is_public').notNull().default(false),
    indexable: boolean('indexable').notNull().default(false),
    hiddenFields: jsonb('hidden_fields').$type<string[]>().notNull().default([]),
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    version: integer('version').notNull().default(0),
    // Complete responses, kept by the service so lists and the cap need no count.
    responses: integer('responses').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interviews_project_slug_key').on(t.projectId, t.slug),
    // One public interview per project at most.
    uniqueIndex('interviews_project_public_key')
      .on(t.projectId)
      .where(sql`${t.isPublic}`),
  ],
);

/** The questions as published: never changed once written, so every response can be read with its own. */
export const interviewVersions = pgTable(
  'interview_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interview_versions_number_key').on(t.interviewId, t.number)],
);

/**
 * One respondent's answers to one version. `partial` rows are drafts a resume token can
 * continue; only `complete` rows are listed, counted and exported.
 */
export const interviewResponses = pgTable(
  'interview_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => interviewVersions.id, { onDelete: 'cascade' }),
    status: text('status').$type<'partial' | 'complete'>().notNull(),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    hidden: jsonb('hidden').$type<Record<string, string>>().notNull().default({}),
    // SHA-256 of the resume token: the token itself lives only in the respondent's browser.
    resumeHash: text('resume_hash'),
    // Whether the human check was passed (the no-JavaScript form cannot run it).
    checked: boolean('checked').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('interview_responses_list_idx').on(t.interviewId, t.status, t.submittedAt, t.id),
    uniqueIndex('interview_responses_resume_key').on(t.resumeHash),
  ],
);
