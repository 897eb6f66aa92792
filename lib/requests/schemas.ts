import * as z from 'zod/mini';
import { emailField, field, form, numberField, uuidField } from '../validation/field';
import { token } from '../validation/messages';
import { between, maxLength, required } from '../validation/rules';
import {
  BODY_MAX,
  BULK_MAX,
  CANNED_TITLE_MAX,
  RATING_COMMENT_MAX,
  RATING_SCORES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  REQUEST_PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SEARCH_MAX,
  SLA_MINUTES_MAX,
  SORTS,
  STATUS_FILTERS,
  SUBJECT_MAX,
  TAG_MAX,
  TAGS_MAX,
  VIEWS,
} from './limits';

// Shared by the requests forms (through zodResolver) and the requests API: no server imports.

export * from './limits';

/** One of `values`; an absent or empty value takes `fallback` (query strings send '' for "any"). */
function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null || v === '' ? fallback : v)),
    z.enum(values, { error: token('invalid') }),
  );
}
/** One of `values` or undefined when absent or empty (a filter that is off). */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null || v === '' ? undefined : v)),
    z.optional(z.enum(values, { error: token('invalid') })),
  );
}
function wholeNumber(min: number, max: number) {
  return numberField([between(min, max)]).check(z.refine((v) => v === undefined || Number.isInteger(v), { error: token('invalid') }));
}

const subject = field([required(), maxLength(SUBJECT_MAX)]);
const body = field([required(), maxLength(BODY_MAX)], { text: 'multiline' });
// Tags are lower-case words (letters, digits, - and _), each kept once.
const tag = field([required(), maxLength(TAG_MAX)], { lowercase: true }).check(
  z.refine((v) => v === undefined || /^[\p{L}\p{N}_-]+$/u.test(v), { error: token('pattern.alphaDash') }),
);
const tags = z.pipe(
  z.array(tag, { error: token('invalid') }).check(z.maxLength(TAGS_MAX, { error: token('stringMax', { max: TAGS_MAX }) })),
  z.transform((list: string[]) => [...new Set(list)]),
);
const type = z.enum(REQUEST_TYPES, { error: token('invalid') });
const priority = z.enum(REQUEST_PRIORITIES, { error: token('invalid') });
const status = z.enum(REQUEST_STATUSES, { error: token('invalid') });

/** A user opening a request with one of their projects (the `json` part of the multipart form). */
export const requesterCreateSchema = form({ projectId: uuidField(), subject, type, body });

/** Staff opening a request for one of the project's users, named by email. */
export const staffCreateSchema = form({
  requesterEmail: emailField(),
  subject,
  type,
  priority: z._default(priority, 'normal'),
  tags: z._default(tags, []),
  body,
});

/** Only what is sent changes; a null assignee leaves the request unassigned. */
export const requestPatchSchema = form({
  subject: z.optional(subject),
  type: z.optional(type),
  status: z.optional(status),
  priority: z.optional(priority),
  assigneeId: z.optional(z.nullable(uuidField())),
  tags: z.optional(tags),
});

/** A thread entry: a public reply, or (staff only) an internal note. Files come as file_0 … file_4. */
export const replySchema = form({ body, internal: z._default(z.boolean({ error: token('invalid') }), false) });
/** The requester's reply: always public. */
export const requesterReplySchema = form({ body });

export const mergeSchema = form({ targetId: uuidField() });
export const linkSchema = form({ relatedId: uuidField() });

/** GET /api/requests: filters, search, sort and page, all applied by the server. */
export const listQuerySchema = form({
  view: choice(VIEWS, 'all'),
  status: optionalChoice(STATUS_FILTERS),
  priority: optionalChoice(REQUEST_PRIORITIES),
  tag: z.pipe(
    field([maxLength(TAG_MAX)], { lowercase: true }),
    z.transform((v) => v || undefined),
  ),
  q: z.pipe(
    field([maxLength(SEARCH_MAX)]),
    z.transform((v) => v ?? ''),
  ),
  sort: choice(SORTS, 'updated'),
  dir: choice(['asc', 'desc'], 'desc'),
  page: z.pipe(
    wholeNumber(1, 100_000),
    z.transform((v) => v ?? 1),
  ),
  size: z.pipe(
    wholeNumber(1, PAGE_SIZE_MAX),
    z.transform((v) => v ?? PAGE_SIZE_DEFAULT),
  ),
});

const minutes = numberField([required(), between(1, SLA_MINUTES_MAX)]).check(z.refine((v) => Number.isInteger(v), { error: token('invalid') }));
const target = form({ firstResponse: minutes, resolution: minutes });
/** The settings section: both targets for every priority, in minutes. */
export const slaSchema = form({ low: target, normal: target, high: target, urgent: target });

/** A canned reply as the settings form and its API take it. */
export const cannedReplySchema = form({ title: field([required(), maxLength(CANNED_TITLE_MAX)]), body });

/**
 * One bulk action on requests of the list: assign (a null assignee unassigns), change the
 * status, or close. Every id must be the project's, or nothing changes.
 */
export const bulkSchema = form({
  ids: z.pipe(
    z
      .array(uuidField(), { error: token('invalid') })
      .check(z.minLength(1, { error: token('required') }), z.maxLength(BULK_MAX, { error: token('stringMax', { max: BULK_MAX }) })),
    z.transform((list: string[]) => [...new Set(list)]),
  ),
  action: z.enum(['assign', 'status', 'close'], { error: token('invalid') }),
  assigneeId: z.optional(z.nullable(uuidField())),
  status: z.optional(status),
}).check(
  z.superRefine((v, ctx) => {
    if (v.action === 'assign' && v.assigneeId === undefined) ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: token('required'), input: v });
    if (v.action === 'status' && !v.status) ctx.addIssue({ code: 'custom', path: ['status'], message: token('required'), input: v });
  }),
);

// Nothing chosen yet reads as a missing answer, not a wrong one.
const score = z.enum(RATING_SCORES, { error: (issue) => (issue.input === undefined ? token('required') : token('invalid')) });
const comment = z.pipe(
  field([maxLength(RATING_COMMENT_MAX)], { text: 'multiline' }),
  z.transform((v) => v ?? ''),
);
/** The requester rates their own solved request from its page. */
export const ratingSchema = form({ score, comment });
/** The emailed link's form: the signed token stands in for the session. */
export const tokenRatingSchema = form({ token: field([required(), maxLength(500)], { trim: false }), score, comment });

export type RequesterCreateInput = z.output<typeof requesterCreateSchema>;
export type StaffCreateInput = z.output<typeof staffCreateSchema>;
export type RequestPatch = z.output<typeof requestPatchSchema>;
export type ReplyInput = z.output<typeof replySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;
export type SlaInput = z.output<typeof slaSchema>;
export type CannedReplyInput = z.output<typeof cannedReplySchema>;
export type BulkInput = z.output<typeof bulkSchema>;
export type RatingInput = z.output<typeof ratingSchema>;
