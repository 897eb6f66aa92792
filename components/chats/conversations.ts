import type { ChatTab } from '@/lib/chats/queries';
import type { ChatChannel, ConversationView, MessageView } from '@/lib/chats/types';

// The conversation list as the socket changes it between fetches.

/** The list tab a conversation or an event's channel belongs to. */
export const tabOfKind = (kind: ConversationView['kind']): ChatTab => (kind === 'support' ? 'support' : 'team');
export const tabOfChannel = (channel: ChatChannel): ChatTab => (channel === 'SUPPORT' ? 'support' : 'team');

const preview = (message: MessageView): ConversationView['lastMessage'] => ({
  body: message.body,
  authorName: message.author?.name ?? null,
  createdAt: message.createdAt,
  deleted: message.deleted,
});

/**
 * A new message: its conversation shows it as the preview and moves to the top. Null when
 * the conversation is not in the list (a new one, or one outside the filters): refetch.
 */
export function withNewMessage(list: readonly ConversationView[], message: MessageView): ConversationView[] | null {
  const index = list.findIndex((c) => c.id === message.conversationId);
  if (index < 0) return null;
  const current = list[index];
  // An older message (a repeat, a catch-up) changes nothing.
  if (message.seq <= current.lastMessageSeq) return list as ConversationView[];
  const updated = { ...current, lastMessage: preview(message), lastMessageSeq: message.seq };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** An edited or deleted message that is a conversation's preview: the preview follows it. */
export function withChangedMessage(list: readonly ConversationView[], message: MessageView): ConversationView[] {
  const index = list.findIndex((c) => c.id === message.conversationId && c.lastMessageSeq === message.seq);
  if (index < 0) return list as ConversationView[];
  return list.map((c, i) => (i === index ? { ...c, lastMessage: preview(message) } : c));
}
