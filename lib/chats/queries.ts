import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api } from '../http/api-client';
import { getJson } from '../query/client';
import { SEARCH_LIMIT_DEFAULT } from './limits';
import type { ChatPerson, ChatTab, ConversationView, MessageView, SupportFilters } from './types';
import { openConversation, setUnread, unreadStore } from './unread-store';

// The chats' server data in the browser's query cache: one key per read, and how each is fetched.

export type { ChatTab, SupportFilters } from './types';
/** Staff read a conversation under the staff routes, its customer under the support ones. */
export type ThreadScope = 'staff' | 'support';

export type ConversationDetail = { conversation: ConversationView; members: ChatPerson[] };
export type ConversationList = { conversations: ConversationView[]; asOf: number };
export type SearchResult = { message: MessageView; conversation: ConversationView };

/** Where a page of messages starts: the newest page, around a message (`at`), or before/after a seq. */
export type ThreadParam = { at?: number; before?: number; after?: number; toEnd?: boolean };
/** A page of a thread, ascending seq; `older`/`newer`: messages exist before/after it that it does not hold. */
export type ThreadPage = { messages: MessageView[]; older: boolean; newer: boolean };
export type ThreadData = InfiniteData<ThreadPage, ThreadParam>;

export const chatKeys = {
  all: ['chats'] as const,
  lists: (tab?: ChatTab) => (tab ? ([...chatKeys.all, 'list', tab] as const) : ([...chatKeys.all, 'list'] as const)),
  list: (tab: ChatTab, filters: SupportFilters) => [...chatKeys.lists(tab), tab === 'support' ? filters : null] as const,
  conversation: (id: string) => [...chatKeys.all, 'conversation', id] as const,
  /** Every cached page set of one conversation (opened at its end or at search results). */
  threads: (conversationId: string) => [...chatKeys.all, 'thread', conversationId] as const,
  thread: (scope: ThreadScope, conversationId: string, at: number | null) => [...chatKeys.threads(conversationId), scope, at] as const,
  support: (projectId: string) => [...chatKeys.all, 'support', projectId] as const,
  people: (q: string) => [...chatKeys.all, 'people', q] as const,
  search: (q: string) => [...chatKeys.all, 'search', q] as const,
  /** The viewer's messages on their way to a conversation (shown as pending). */
  send: (conversationId: string) => [...chatKeys.all, 'send', conversationId] as const,
};

export const messagesPath = (scope: ThreadScope, id: string) => (scope === 'staff' ? `chats/conversations/${id}/messages` : `chats/support/${id}/messages`);
export const readPath = (scope: ThreadScope, id: string) => (scope === 'staff' ? `chats/conversations/${id}/read` : `chats/support/${id}/read`);

/** Pages fetched at most to catch up to the end; past that the thread offers the newer ones. */
const CATCH_UP_PAGES = 10;

type ApiPage = { messages: MessageView[]; hasMore: boolean };

function fetchPage(scope: ThreadScope, id: string, cursor: { before?: number; after?: number }, signal: AbortSignal): Promise<ApiPage> {
  const query = new URLSearchParams();
  if (cursor.before !== undefined) query.set('before', String(cursor.before));
  if (cursor.after !== undefined) query.set('after', String(cursor.after));
  const qs = query.size ? `?${query}` : '';
  return api<{ data: ApiPage }>(`${messagesPath(scope, id)}${qs}`, { method: 'GET', signal }).then((a) => a.data);
}

async function fetchThreadPage(scope: ThreadScope, id: string, param: ThreadParam, signal: AbortSignal): Promise<ThreadPage> {
  if (param.at !== undefined) {
    const [back, forward] = await Promise.all([fetchPage(scope, id, { before: param.at + 1 }, signal), fetchPage(scope, id, { after: param.at }, signal)]);
    return { messages: [...back.messages, ...forward.messages], older: back.hasMore, newer: forward.hasMore };
  }
  if (param.before !== undefined) {
    const page = await fetchPage(scope, id, { before: param.before }, signal);
    return { messages: page.messages, older: page.hasMore, newer: true };
  }
  if (param.after !== undefined) {
    const messages: MessageView[] = [];
    let after = param.after;
    for (let i = 0; i < (param.toEnd ? CATCH_UP_PAGES : 1); i++) {
      const page = await fetchPage(scope, id, { after }, signal);
      messages.push(...page.messages);
      if (!page.hasMore || page.messages.length === 0) return { messages, older: true, newer: false };
      after = page.messages[page.messages.length - 1].seq;
    }
    return { messages, older: true, newer: true };
  }
  const page = await fetchPage(scope, id, {}, signal);
  return { messages: page.messages, older: page.hasMore, newer: false };
}

/**
 * A conversation's messages, paged backwards by seq from its newest page (or from a search
 * result, with newer pages after it). A refetch (a reconnect, a return to the conversation)
 * fetches the first page again and then, from an older page, everything after it up to the
 * end: the messages missed meanwhile, once each and without a gap.
 */
export function threadQuery(scope: ThreadScope, id: string, at: number | null) {
  return infiniteQueryOptions({
    queryKey: chatKeys.thread(scope, id, at),
    queryFn: ({ pageParam, signal }) => fetchThreadPage(scope, id, pageParam, signal),
    initialPageParam: (at === null ? {} : { at }) as ThreadParam,
    getPreviousPageParam: (first) => (first.older && first.messages.length ? { before: first.messages[0].seq } : undefined),
    getNextPageParam: (last, _pages, param) => {
      if (!last.newer) return undefined;
      const end = last.messages.length ? last.messages[last.messages.length - 1].seq : (param.after ?? (param.before ?? 1) - 1);
      // After an older page comes what was held below it: all of it, to the end.
      return { after: end, toEnd: param.before !== undefined };
    },
    structuralSharing: keepLive,
  });
}

/**
 * A refetch answered before socket events that came meanwhile would drop what they
 * brought: newer messages stay after the answer's end (when it reaches the end), and for
 * messages in both the later state wins (edits and deletions only move forward).
 */
export function keepLive(old: unknown, next: unknown): unknown {
  const before = old as ThreadData | undefined;
  const after = next as ThreadData;
  if (!before?.pages || !after?.pages?.length) return after;
  const held = new Map(before.pages.flatMap((p) => p.messages).map((m) => [m.id, m]));
  const pages = after.pages.map((page) => ({ ...page, messages: page.messages.map((m) => laterOf(held.get(m.id), m)) }));
  const last = pages[pages.length - 1];
  if (!last.newer) {
    const end = pages.reduce((seq, p) => Math.max(seq, p.messages.length ? p.messages[p.messages.length - 1].seq : 0), 0);
    const newer = [...held.values()].filter((m) => m.seq > end).sort((a, b) => a.seq - b.seq);
    if (newer.length) pages[pages.length - 1] = { ...last, messages: [...last.messages, ...newer] };
  }
  return { ...after, pages };
}

/** Which of two copies of one message is the later state: deletion and edits only move forward. */
export function laterOf(held: MessageView | undefined, incoming: MessageView): MessageView {
  if (!held) return incoming;
  if (held.deleted && !incoming.deleted) return held;
  if (incoming.deleted && !held.deleted) return incoming;
  if (held.editedAt && (!incoming.editedAt || Date.parse(held.editedAt) > Date.parse(incoming.editedAt))) return held;
  return incoming;
}

/** The unread counts the list arrived with, laid over those already known for other conversations. */
export function unreadOf(list: readonly ConversationView[], known: Record<string, number>, openId: string | null): Record<string, number> {
  const counts = { ...known };
  // The open conversation is being read as it arrives.
  for (const c of list) counts[c.id] = c.id === openId ? 0 : c.unread;
  return counts;
}

function listPath(tab: ChatTab, filters: SupportFilters): string {
  const query = new URLSearchParams({ kind: tab });
  if (tab === 'support') {
    query.set('status', filters.status);
    query.set('assignee', filters.assignee);
  }
  return `chats/conversations?${query}`;
}

/** One tab's conversations, newest activity first; each answer brings the unread counts as of its seq. */
export function listQuery(tab: ChatTab, filters: SupportFilters) {
  return queryOptions({
    queryKey: chatKeys.list(tab, filters),
    queryFn: async ({ signal }) => {
      const { data } = await api<{ data: ConversationList }>(listPath(tab, filters), { method: 'GET', signal });
      const visible = document.visibilityState === 'visible';
      setUnread(
        unreadOf(data.conversations, unreadStore.get(), visible ? openConversation() : null),
        data.asOf,
        data.conversations.map((c) => c.id),
      );
      return data;
    },
  });
}

export function conversationQuery(id: string) {
  return queryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: async (ctx) => (await getJson<{ data: ConversationDetail }>(`chats/conversations/${id}`)(ctx)).data,
  });
}

/** The viewer's support conversation with a project; null until their first message. */
export function supportQuery(projectId: string) {
  return queryOptions({
    queryKey: chatKeys.support(projectId),
    queryFn: async (ctx) =>
      (await getJson<{ data: { conversation: ConversationView | null } }>(`chats/support?${new URLSearchParams({ projectId })}`)(ctx)).data.conversation,
  });
}

/** Staff who may chat, matching `q` (the API filters). */
export function peopleQuery(q: string) {
  return queryOptions({
    queryKey: chatKeys.people(q),
    queryFn: async (ctx) => (await getJson<{ data: { people: ChatPerson[] } }>(`chats/people?${new URLSearchParams({ q })}`)(ctx)).data.people,
  });
}

export function searchQuery(q: string) {
  return queryOptions({
    queryKey: chatKeys.search(q),
    queryFn: async (ctx) =>
      (await getJson<{ data: { results: SearchResult[] } }>(`chats/search?${new URLSearchParams({ q, limit: String(SEARCH_LIMIT_DEFAULT) })}`)(ctx)).data
        .results,
  });
}
