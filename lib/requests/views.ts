import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';
import type { Conn } from './access';
import { slaState } from './sla';
import { requestMessages, requests, type RequestAttachment, type RequestRow } from './tables';
import type { OwnRequest, Person, RequestSummary, ThreadAttachment, ThreadEntry } from './types';

// Rows into what the API answers. Staff and requester views are built apart, so a field
// the requester must not see (notes, assignee, tags, SLA) is never in their answer.

export const assigneeUser = alias(users, 'assignee');
const person = { id: users.id, name: users.name, email: users.email, avatar: users.avatar };
const assigneePerson = { id: assigneeUser.id, name: assigneeUser.name, email: assigneeUser.email, avatar: assigneeUser.avatar };

/** Rows with their requester and assignee joined, ready for summaryOf. */
export function selectSummaries(db: Conn) {
  return db
    .select({ row: requests, requester: person, assignee: assigneePerson })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.requesterId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, requests.assigneeId))
    .$dynamic();
}

type Joined = { row: RequestRow; requester: Person; assignee: Person | null };

export function summaryOf({ row, requester, assignee }: Joined, now = new Date()): RequestSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    type: row.type,
    status: row.status,
    priority: row.priority,
    tags: row.tags,
    requester,
    assignee: assignee?.id ? assignee : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstResponse: slaState(row.firstResponseDueAt, row.firstResponseAt, now),
    // A closed request without a resolution time counts as resolved when it closed.
    resolution: slaState(row.resolutionDueAt, row.resolvedAt, now),
    mergedIntoId: row.mergedIntoId,
  };
}

export async function summaryById(db: Conn, id: string): Promise<RequestSummary> {
  const [joined] = await selectSummaries(db).where(eq(requests.id, id)).limit(1);
  return summaryOf(joined);
}

export function ownOf(row: RequestRow, project: OwnRequest['project']): OwnRequest {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    type: row.type,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mergedIntoId: row.mergedIntoId,
    project,
  };
}

/** Where the browser downloads an attachment; the route checks access on every call. */
export const fileUrl = (entryId: string, fileId: string) => `/api/requests/files/${entryId}/${fileId}`;

const attachmentOf = (entryId: string, a: RequestAttachment): ThreadAttachment => ({
  id: a.id,
  name: a.name,
  type: a.type,
  size: a.size,
  url: fileUrl(entryId, a.id),
});

type EntryRow = typeof requestMessages.$inferSelect;
export function entryOf(row: EntryRow, author: Person | null, requesterId: string): ThreadEntry {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    author: author?.id ? { id: author.id, name: author.name, avatar: author.avatar ?? null } : null,
    fromRequester: row.authorId === requesterId,
    attachments: row.attachments.map((a) => attachmentOf(row.id, a)),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The thread, oldest first. `publicOnly` (the requester's view) keeps replies and events
 * and drops notes in the query itself, so a note never leaves the database for them.
 */
export async function threadOf(db: Conn, request: RequestRow, publicOnly: boolean): Promise<ThreadEntry[]> {
  const kinds: EntryRow['kind'][] = publicOnly ? ['reply', 'event'] : ['reply', 'note', 'event'];
  const rows = await db
    .select({ entry: requestMessages, author: person })
    .from(requestMessages)
    .leftJoin(users, eq(users.id, requestMessages.authorId))
    .where(and(eq(requestMessages.requestId, request.id), inArray(requestMessages.kind, kinds)))
    .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id));
  return rows.map((r) => entryOf(r.entry, r.author as Person | null, request.requesterId));
}

export async function peopleById(db: Conn, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(person).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
