import type { RatingScore, RequestPriority, RequestStatus, RequestType } from './limits';

// What the API answers: shared by the pages and the services. No server imports.

export type Person = { id: string; name: string; email?: string; avatar?: string | null };
export type SlaState = { dueAt: string | null; metAt: string | null; breached: boolean };

/** A request as a list row and the detail's header show it. */
export type RequestSummary = {
  id: string;
  number: number;
  subject: string;
  type: RequestType;
  status: RequestStatus;
  priority: RequestPriority;
  tags: string[];
  requester: Person;
  assignee: Person | null;
  createdAt: string;
  updatedAt: string;
  firstResponse: SlaState;
  resolution: SlaState;
  mergedIntoId: string | null;
};

export type ThreadAttachment = { id: string; name: string; type: string; size: number; url: string };
export type ThreadEntry = {
  id: string;
  kind: 'reply' | 'note' | 'event';
  body: string;
  author: Person | null;
  /** The entry is the requester's own (else staff's or the system's). */
  fromRequester: boolean;
  attachments: ThreadAttachment[];
  createdAt: string;
};

/** A canned reply as written: its placeholders are filled in by the composer. */
export type CannedReply = { id: string; title: string; body: string; updatedAt: string };

/** The requester's rating of a solved request, as staff read it. */
export type RequestRating = { score: RatingScore; comment: string; updatedAt: string };
/** The requester's own view of it: how many more times it may still be changed. */
export type OwnRating = RequestRating & { changesLeft: number };
/** The dashboard's figure: ratings of the last `days` days, and how many of them were good. */
export type Satisfaction = { good: number; total: number; days: number };

export type RequestDetail = {
  request: RequestSummary;
  rating: RequestRating | null;
  thread: ThreadEntry[];
  /** The requester's other requests in the project, newest first. */
  earlier: Pick<RequestSummary, 'id' | 'number' | 'subject' | 'status' | 'createdAt'>[];
  related: Pick<RequestSummary, 'id' | 'number' | 'subject' | 'status'>[];
};

export type RequestPage = { items: RequestSummary[]; total: number; page: number; size: number; tags: string[] };

/** The requester's view: no notes, no assignee, no SLA, no tags. */
export type OwnRequest = Pick<RequestSummary, 'id' | 'number' | 'subject' | 'type' | 'status' | 'createdAt' | 'updatedAt' | 'mergedIntoId'> & {
  project: { id: string; key: string; name: string };
};
/** `mayRate`: solved (resolved or closed, not merged) and the rating may still be given or changed. */
export type OwnRequestDetail = { request: OwnRequest; thread: ThreadEntry[]; rating: OwnRating | null; mayRate: boolean };

export const REQUEST_EVENTS = {
  /** To staff (REQUESTS__VIEW in the project): something about the request changed; refetch. */
  changed: 'requests:changed',
  /** To staff: a thread entry, notes included. */
  entry: 'requests:entry',
  /** To the requester only: a public reply or a status change of their own request. */
  own: 'requests:own',
} as const;

/** `by`: who opened it (on creation), so they are not notified of their own request. */
export type RequestChangedEvent = { projectId: string; requestId: string; number: number; created?: boolean; by?: string | null };
export type RequestEntryEvent = { projectId: string; requestId: string; number: number; entry: ThreadEntry; first?: boolean };
export type OwnRequestEvent = { projectId: string; requestId: string; number: number; status: RequestStatus; entry?: ThreadEntry };
