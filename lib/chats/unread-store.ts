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

/**
 * Counts from the API; `asOf` is the project seq they were counted up to (see
 * lib/chats/reads.ts), for the conversations in `counted` (by default those with counts).
 */
export function setUnread(conversations: Record<string, number>, asOf?: number, counted: readonly string[] = Object.keys(conversations)): void {
  if (asOf !== undefined) for (const id of counted) countedUpTo.set(id, asOf);
  unreadStore.set(conversations);
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
  if (event.message.seq <= (countedUpTo.get(event.conversationId) ?? 0)) return false;
  if (pageVisible && open === event.conversationId) return false;
  unreadStore.set((prev) => ({ ...prev, [event.conversationId]: (prev[event.conversationId] ?? 0) + 1 }));
  return true;
}

/** The person read a conversation (here or in another tab). */
export function clearConversation(id: string): void {
  unreadStore.set((prev) => (prev[id] ? { ...prev, [id]: 0 } : prev));
}
