import { publish } from '../realtime/pubsub';
import type { RequestRow } from './tables';
import { REQUEST_EVENTS, type OwnRequestEvent, type RequestChangedEvent, type RequestEntryEvent, type ThreadEntry } from './types';

// Every publish here runs after the change committed. Staff events go to sockets connected
// to the project holding REQUESTS__VIEW; the requester's go to them alone, on any socket,
// while they are still a user of the project (the hub checks that on delivery too), and
// carry public replies only: a note is never handed to `publishOwn`.

const staff = (projectId: string) => ({ projectId, perms: ['REQUESTS__VIEW'] });

export async function publishChanged(request: RequestRow, created = false): Promise<void> {
  const d: RequestChangedEvent = {
    projectId: request.projectId,
    requestId: request.id,
    number: request.number,
    ...(created && { created, by: request.createdBy }),
  };
  await publish({ audience: staff(request.projectId), e: REQUEST_EVENTS.changed, d });
}

/** `first`: the entry the request was opened with (its news is the request itself). */
export async function publishEntry(request: RequestRow, entry: ThreadEntry, first = false): Promise<void> {
  const d: RequestEntryEvent = { projectId: request.projectId, requestId: request.id, number: request.number, entry, ...(first && { first }) };
  await publish({ audience: staff(request.projectId), e: REQUEST_EVENTS.entry, d });
}

/** The requester's own screens: the request's status, and a public reply when there is one. */
export async function publishOwn(request: RequestRow, entry?: ThreadEntry): Promise<void> {
  if (entry && entry.kind === 'note') throw new Error('A note must never reach the requester');
  const d: OwnRequestEvent = { projectId: request.projectId, requestId: request.id, number: request.number, status: request.status, ...(entry && { entry }) };
  await publish({ audience: { projectId: request.projectId, customers: [request.requesterId] }, e: REQUEST_EVENTS.own, d });
}
