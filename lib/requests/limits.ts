// Without the schemas: what forms, pages and the server all need to know.

export const REQUEST_STATUSES = ['new', 'open', 'pending', 'resolved', 'closed'] as const;
export const REQUEST_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const REQUEST_TYPES = ['question', 'problem', 'task', 'feature'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Not solved yet: what the "open" view, the `unsolved` status filter and the home's "assigned to me" count. */
export const UNSOLVED_STATUSES = ['new', 'open', 'pending'] as const satisfies readonly RequestStatus[];
/** The list's status filter: one status, or every unsolved one. */
export const STATUS_FILTERS = [...REQUEST_STATUSES, 'unsolved'] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];
export type RequestType = (typeof REQUEST_TYPES)[number];

export const SUBJECT_MAX = 150;
export const BODY_MAX = 10_000;
export const TAG_MAX = 30;
export const TAGS_MAX = 10;
export const SEARCH_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const REQUEST_FILES_MAX = 5;
export const REQUEST_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** How many of the requester's other requests the detail shows. */
export const EARLIER_MAX = 10;

/**
 * Which status may follow which. `closed` is final (a closed request is read-only); a
 * resolved one may be reopened or closed. Requester replies move pending/resolved to open.
 */
export const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['open', 'pending', 'resolved', 'closed'],
  open: ['pending', 'resolved', 'closed'],
  pending: ['open', 'resolved', 'closed'],
  resolved: ['open', 'closed'],
  closed: [],
};

/** Minutes to the first staff reply and to resolution, per priority. */
export type SlaTargets = Record<RequestPriority, { firstResponse: number; resolution: number }>;
export const SLA_MINUTES_MAX = 60 * 24 * 90;

export const DEFAULT_SLA: SlaTargets = {
  low: { firstResponse: 24 * 60, resolution: 7 * 24 * 60 },
  normal: { firstResponse: 8 * 60, resolution: 3 * 24 * 60 },
  high: { firstResponse: 2 * 60, resolution: 24 * 60 },
  urgent: { firstResponse: 30, resolution: 4 * 60 },
};

export const SORTS = ['updated', 'created', 'number', 'priority', 'due'] as const;
export const VIEWS = ['all', 'mine', 'unassigned', 'open', 'breached'] as const;

/** Canned replies: a title to find one by, a body as long as a reply. */
export const CANNED_TITLE_MAX = 100;
export const CANNED_MAX = 200;
/** The requester's answer to "how did we do?". */
export const RATING_SCORES = ['good', 'bad'] as const;
export type RatingScore = (typeof RATING_SCORES)[number];
export const RATING_COMMENT_MAX = 1000;
/**
 * A rating may be given and then changed, up to this many submissions in all (by the emailed
 * link or the request page alike): a second thought is welcome, an endless toggle is not.
 */
export const RATING_CHANGES_MAX = 3;
/** How long an emailed rating link works after the request was solved. */
export const RATING_LINK_DAYS = 30;
/** The dashboard's satisfaction figure counts the ratings of this many days. */
export const SATISFACTION_DAYS = 30;
/** Requests changed by one bulk action, at most: a page of the list. */
export const BULK_MAX = PAGE_SIZE_MAX;
