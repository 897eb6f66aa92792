import type { QueryClient } from '@tanstack/react-query';
import { chatKeys, type ChatTab, type ConversationDetail, type ConversationList, type ThreadData } from '@/lib/chats/queries';
import type { ConversationView, MessageView } from '@/lib/chats/types';
import { withChangedMessage, withNewMessage } from './conversations';
import { markDeleted, mergeMessages, updateMessage } from './thread';
import { applyLive } from '@/lib/query/live';

// What a message (from the socket or the viewer's own answer) changes in the cached chats.

function mapPages(data: ThreadData | undefined, change: (messages: MessageView[]) => MessageView[]): ThreadData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const messages = change(page.messages);
    if (messages === page.messages) return page;
    changed = true;
    return { ...page, messages };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * A new message goes after the last page; a thread that stops short of the end (opened
 * at a search result) leaves it to its newer pages, where it would be out of place now.
 */
export function threadWithMessage(data: ThreadData | undefined, message: MessageView): ThreadData | undefined {
  if (!data?.pages.length) return data;
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return threadWithChange(data, message);
  const last = data.pages[data.pages.length - 1];
  if (last.newer) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, messages: mergeMessages(last.messages, [message]) }] };
}

export const threadWithChange = (data: ThreadData | undefined, message: MessageView) => mapPages(data, (messages) => updateMessage(messages, message));
export const threadWithDeletion = (data: ThreadData | undefined, messageId: string) => mapPages(data, (messages) => markDeleted(messages, messageId));

export function putMessage(client: QueryClient, message: MessageView): void {
  applyLive<ThreadData>(client, chatKeys.threads(message.conversationId), (data) => threadWithMessage(data, message));
}

export function changeMessage(client: QueryClient, message: MessageView): void {
  client.setQueriesData<ThreadData>({ queryKey: chatKeys.threads(message.conversationId) }, (data) => threadWithChange(data, message));
}

export function deleteMessageIn(client: QueryClient, conversationId: string, messageId: string): void {
  client.setQueriesData<ThreadData>({ queryKey: chatKeys.threads(conversationId) }, (data) => threadWithDeletion(data, messageId));
}

/**
 * A new message moves its conversation to the top of the tab's lists with its preview.
 * False when a list does not hold the conversation (new, or outside the filters): that
 * list must be fetched again.
 */
export function moveInLists(client: QueryClient, tab: ChatTab, message: MessageView): boolean {
  let complete = true;
  for (const [key, data] of client.getQueriesData<ConversationList>({ queryKey: chatKeys.lists(tab) })) {
    if (!data) continue;
    const conversations = withNewMessage(data.conversations, message);
    if (conversations === null) complete = false;
    else if (conversations !== data.conversations) client.setQueryData<ConversationList>(key, { ...data, conversations });
  }
  return complete;
}

/** An edited or deleted preview follows its message. */
export function changeInLists(client: QueryClient, tab: ChatTab, message: MessageView): void {
  client.setQueriesData<ConversationList>({ queryKey: chatKeys.lists(tab) }, (data) => {
    if (!data) return data;
    const conversations = withChangedMessage(data.conversations, message);
    return conversations === data.conversations ? data : { ...data, conversations };
  });
}

/** The server's answer to a change of a conversation: its header at once, the lists fetched again (order, filters). */
export function putConversation(client: QueryClient, conversation: ConversationView): void {
  client.setQueryData<ConversationDetail>(chatKeys.conversation(conversation.id), (detail) => detail && { ...detail, conversation });
  void client.invalidateQueries({ queryKey: chatKeys.lists() });
}
