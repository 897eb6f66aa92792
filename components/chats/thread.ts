import { laterOf } from '@/lib/chats/queries';
import type { MessageView } from '@/lib/chats/types';

// The open conversation's messages as the browser holds them: pages from the API and events
// from the socket arrive in any order and may repeat; the list stays unique and in seq order.

/** Adds messages (a page, an event, a catch-up), one copy per id, ascending seq. */
export function mergeMessages(held: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  if (incoming.length === 0) return held as MessageView[];
  const byId = new Map(held.map((m) => [m.id, m]));
  for (const message of incoming) {
    const current = byId.get(message.id);
    byId.set(message.id, laterOf(current, message));
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** An edit from the socket: replaces the held copy; a message not held is left out (it belongs to an unloaded page). */
export function updateMessage(held: readonly MessageView[], message: MessageView): MessageView[] {
  if (!held.some((m) => m.id === message.id)) return held as MessageView[];
  return mergeMessages(held, [message]);
}

/** A deletion from the socket: the message stays in place, emptied and marked. */
export function markDeleted(held: readonly MessageView[], messageId: string): MessageView[] {
  if (!held.some((m) => m.id === messageId && !m.deleted)) return held as MessageView[];
  return held.map((m) => (m.id === messageId ? { ...m, deleted: true, body: '', attachments: [] } : m));
}

export function newestSeq(held: readonly MessageView[]): number {
  return held.length ? held[held.length - 1].seq : 0;
}

export function oldestSeq(held: readonly MessageView[]): number | null {
  return held.length ? held[0].seq : null;
}

/**
 * Where "new messages" goes: before the first message someone else wrote after what the
 * viewer had read when opening the conversation. Null when there is none.
 */
export function dividerBefore(held: readonly MessageView[], lastReadSeq: number, viewerId: string): string | null {
  return held.find((m) => m.seq > lastReadSeq && m.author?.id !== viewerId && !m.deleted)?.id ?? null;
}

/** Whether a message continues its predecessor's block (same author, within five minutes): no repeated name. */
export function continuesBlock(prev: MessageView | undefined, message: MessageView): boolean {
  if (!prev || !prev.author || prev.author.id !== message.author?.id) return false;
  return Date.parse(message.createdAt) - Date.parse(prev.createdAt) < 5 * 60_000;
}
