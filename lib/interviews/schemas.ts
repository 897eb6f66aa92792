import * as z from 'zod/mini';
import { field, form } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, required, type Rule } from '../validation/rules';
import type { Answers } from './answers';
import { HIDDEN_FIELDS_MAX, INTERVIEW_SLUG_MAX, INTERVIEW_TEXT_MAX, INTERVIEW_TITLE_MAX, RESPONSE_CAP_MAX } from './limits';
import type { Question } from './questions';

// Shared by the dashboard's forms and the route handlers: no server imports.

export { questionsInputSchema, type Question, type QuestionsInput } from './questions';

const invalid = { error: token('invalid') };
export const INTERVIEW_STATUSES = ['draft', 'published', 'closed'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

// Lower-case letters, digits and single inner hyphens: the slug goes into a public URL.
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugShape = (): Rule<'slug'> => ({ kind: 'slug', test: (value) => (SLUG_SHAPE.test(String(value)) ? undefined : token('pattern.slug')) });

const hiddenName = z.string(invalid).check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, invalid));

const settings = {
  title: field([required(), maxLength(INTERVIEW_TITLE_MAX)]),
  slug: field([required(), maxLength(INTERVIEW_SLUG_MAX), slugShape()], { lowercase: true }),
  welcome: z._default(field([maxLength(INTERVIEW_TEXT_MAX)], { text: 'multiline' }), ''),
  thanks: z._default(field([maxLength(INTERVIEW_TEXT_MAX)], { text: 'multiline' }), ''),
  language: z._default(z.enum(['en', 'es'], invalid), 'en'),
  // Empty or null: no cap, no closing date.
  maxResponses: z._default(
    z.nullable(
      z
        .number(invalid)
        .check(
          z.int(invalid),
          z.gte(1, { error: token('numberMinEq', { min: 1 }) }),
          z.lte(RESPONSE_CAP_MAX, { error: token('numberMaxEq', { max: RESPONSE_CAP_MAX }) }),
        ),
    ),
    null,
  ),
  closesAt: z._default(z.nullable(z.iso.datetime({ ...invalid, offset: true })), null),
  isPublic: z._default(z.boolean(invalid), false),
  indexable: z._default(z.boolean(invalid), false),
  hiddenFields: z._default(z.array(hiddenName, invalid).check(z.maxLength(HIDDEN_FIELDS_MAX, invalid)), []),
};

export const interviewSchema = form(settings);
export const interviewPatchSchema = z.partial(interviewSchema);
export type InterviewInput = z.output<typeof interviewSchema>;
export type InterviewPatch = z.output<typeof interviewPatchSchema>;

/** publish (freezes a version when the questions changed), close, or back to draft. */
export const statusSchema = form({ status: z.enum(INTERVIEW_STATUSES, invalid) });

/** The interviews list's query: `responses=new` keeps those with new responses (the dashboard home's figure). */
export const interviewsQuerySchema = form({ responses: z.optional(z.enum(['new', ''], invalid)) });
export type InterviewsFilter = z.output<typeof interviewsQuerySchema>['responses'];
/** A list row: the interview and its complete responses of the last NEW_RESPONSES_DAYS days. */
export type InterviewListItem = InterviewView & { newResponses: number };

export const HUMAN_FILTERS = ['checked', 'unchecked'] as const;

/** The responses list's query (the summary's and the export's too): a page, a date range, one answer to match, the human check. */
export const responsesQuerySchema = form({
  page: z._default(z.coerce.number(invalid).check(z.int(invalid), z.gte(1, invalid), z.lte(100_000, invalid)), 1),
  from: z.optional(z.iso.date(invalid)),
  to: z.optional(z.iso.date(invalid)),
  version: z.optional(z.coerce.number(invalid).check(z.int(invalid), z.gte(1, invalid))),
  question: z.optional(z.string(invalid).check(z.regex(/^[a-z0-9]{1,24}$/, invalid))),
  answer: z.optional(z.string(invalid).check(z.maxLength(200, invalid))),
  // Whether the human check was passed: `checked` leaves out what the no-script form sent.
  human: z.optional(z.enum(HUMAN_FILTERS, invalid)),
});
export type ResponsesQuery = z.output<typeof responsesQuerySchema>;

/** The public form's submission (JSON from the enhanced form; the no-JS form is mapped to it). */
export const submitSchema = form({
  key: z.string(invalid).check(z.maxLength(64, invalid)),
  slug: z.optional(z.string(invalid).check(z.maxLength(INTERVIEW_SLUG_MAX, invalid))),
  token: z.optional(z.string(invalid).check(z.maxLength(100, invalid))),
  answers: z.record(z.string(), z.unknown()),
  hidden: z._default(z.record(z.string(), z.string(invalid).check(z.maxLength(500, invalid))), {}),
  final: z._default(z.boolean(invalid), true),
  captchaCode: z._default(z.string(invalid), ''),
  startedAt: z.optional(z.iso.datetime(invalid)),
});
export type SubmitInput = z.output<typeof submitSchema>;

/** One interview as the list and the editor see it. */
export type InterviewView = {
  id: string;
  slug: string;
  title: string;
  welcome: string;
  thanks: string;
  language: 'en' | 'es';
  status: InterviewStatus;
  maxResponses: number | null;
  closesAt: string | null;
  isPublic: boolean;
  indexable: boolean;
  hiddenFields: string[];
  questions: Question[];
  version: number;
  responses: number;
  createdAt: string;
  updatedAt: string;
};

export type VersionView = { id: string; number: number; questions: Question[]; createdAt: string };

/** One response as the table and the one-by-one view see it. */
export type ResponseView = {
  id: string;
  version: number;
  versionId: string;
  answers: Answers;
  hidden: Record<string, string>;
  startedAt: string;
  submittedAt: string;
  userAgent: string;
  referrer: string;
  checked: boolean;
};

export type QuestionSummary = {
  id: string;
  answered: number;
  counts?: Record<string, number>;
  /** Text questions: the newest answers, newest first (at most LATEST_TEXT_ANSWERS). */
  latest?: string[];
  average?: number | null;
  nps?: number | null;
};
/** `unchecked`: how many of the `total` were sent without the human check. */
export type SummaryView = { version: number; total: number; unchecked: number; questions: QuestionSummary[] };

/** The completion funnel's query: one version's respondents (the newest version by default). */
export const funnelQuerySchema = form({
  version: z.optional(z.coerce.number(invalid).check(z.int(invalid), z.gte(1, invalid))),
});
export type FunnelQuery = z.output<typeof funnelQuerySchema>;
