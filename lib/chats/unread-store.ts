import { atom } from 'jotai';
import { boundAtom } from '../shell/atoms';
import type { ChatMessageEvent } from './types';

/**
 * The browser's unread counts: the chats page shows them per conversation, the tab title
 * and the notifications show the total. Loaded from the API, then kept current by the
 * socket's events and by what the person reads.
 */
export type Unread = Record<string, number>;

/** Unread messages per conversation id. */
export const unreadStore = boundAtom<Unread>({});

const sum = (conversations: Unread) => Object.values(conversations).reduce((a, b) => a + b, 0);

/** The total the tab title and the chats entry show. */
export const unreadTotalAtom = atom((get) => sum(get(unreadStore.atom)));

/** The conversation on screen while the page is visible: its new messages are read, not unread. */
let open: string | null = null;
/**
 * Per conversation, the seq the API's counts went up to: socket events of those messages
 * must not count again. Per conversation because seqs count per project: the active
 * project's cursor says nothing about a support conversation of another one.
 */
const countedUpTo = new Map<string, number>();
/** The same for every conversation of a project, when an answer counted all of them. */
const projectCountedUpTo = new Map<string, number>();
/**
 * Messages counted from socket events and not yet covered by an API answer. An answer
 * made before such a message but received after its event would otherwise erase it.
 */
const fromSocket = new Map<string, { projectId: string; seqs: number[] }>();

/** Which conversations an API answer counted: those listed, or every one of a project. */
export type Counted = readonly string[] | { projectId: string };

/**
 * Counts from the API; `asOf` is the project seq they were counted up to (see
 * lib/chats/reads.ts), for the conversations in `counted` (by default those with counts).
 * Messages of those conversations that came over the socket after `asOf` stay counted.
 */
export function setUnread(conversations: Record<string, number>, asOf?: number, counted: Counted = Object.keys(conversations)): void {
  const next = { ...conversations };
  if (asOf !== undefined) {
    const listed = Array.isArray(counted) ? new Set<string>(counted) : null;
    const scope = Array.isArray(counted) ? null : (counted as { projectId: string }).projectId;
    const covers = (id: string, projectId?: string) => (listed ? listed.has(id) : projectId === scope);
    if (scope) projectCountedUpTo.set(scope, asOf);
    for (const id of listed ?? Object.keys(conversations)) countedUpTo.set(id, asOf);
    for (const [id, late] of fromSocket) {
      if (!covers(id, late.projectId)) continue;
      const after = late.seqs.filter((seq) => seq > asOf);
      if (after.length) {
        fromSocket.set(id, { ...late, seqs: after });
        next[id] = (next[id] ?? 0) + after.length;
      } else fromSocket.delete(id);
    }
  } else fromSocket.clear();
  unreadStore.set(next);
}

export function setOpenConversation(id: string | null): void {
  open = id;
}

export function openConversation(): string | null {
  return open;
}

/** A message arrived over the socket; true when it counts as unread for this person. */
export function countMessage(event: ChatMessageEvent, viewerId: string, pageVisible: boolean): boolean {
  if (event.message.author?.id === viewerId) return false;
  const id = event.conversationId;
  const seq = event.message.seq;
  if (seq <= Math.max(countedUpTo.get(id) ?? 0, projectCountedUpTo.get(event.projectId) ?? 0)) return false;
  if (pageVisible && open === id) return false;
  const late = fromSocket.get(id);
  fromSocket.set(id, { projectId: event.projectId, seqs: [...(late?.seqs ?? []), seq] });
  unreadStore.set((prev) => ({ ...prev, [id]: (prev[id] ?? 0) + 1 }));
  return true;
}

/** The person read a conversation (here or in another tab). */
export function clearConversation(id: string): void {
  fromSocket.delete(id);
  unreadStore.set((prev) => (prev[id] ? { ...prev, [id]: 0 } : prev));
}
