'use client';

import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { readPath, threadQuery, type ThreadScope } from '@/lib/chats/queries';
import { clearConversation, setOpenConversation } from '@/lib/chats/unread-store';
import { api } from '@/lib/http/api-client';
import { dividerBefore, mergeMessages, newestSeq } from './thread';

/** A search result to open the conversation at. */
export type ThreadTarget = { messageId: string; seq: number };

type Options = {
  conversationId: string;
  scope: ThreadScope;
  viewerId: string;
  /** What the viewer had read when opening: where "new messages" goes. */
  lastReadSeq: number;
  target: ThreadTarget | null;
};

/** Where the thread stood when it opened (at its end or at a search result). */
type Opening = { at: string | null; dividerId: string | null; seq: number };

const READ_DELAY_MS = 600;

/**
 * The open conversation's messages from the query cache: the newest page first (or the
 * page around a search result), older pages on demand, and the read mark sent while the
 * page is visible. The socket's events reach the cache through use-chat-events.
 */
export function useThread({ conversationId: id, scope, viewerId, lastReadSeq, target }: Options) {
  const query = useInfiniteQuery(threadQuery(scope, id, target?.seq ?? null));
  const messages = useMemo(
    () =>
      query.data
        ? mergeMessages(
            [],
            query.data.pages.flatMap((p) => p.messages),
          )
        : [],
    [query.data],
  );

  // Fixed when the messages first show: later arrivals neither move "new messages" nor reset the count.
  const at = target?.messageId ?? null;
  const [opening, setOpening] = useState<Opening | null>(null);
  if (query.isSuccess && opening?.at !== at) setOpening({ at, dividerId: dividerBefore(messages, lastReadSeq, viewerId), seq: newestSeq(messages) });
  const opened = opening?.at === at ? opening : null;

  // The notifications leave the open conversation alone; leaving it hands it back to them.
  useEffect(() => {
    setOpenConversation(id);
    return () => setOpenConversation(null);
  }, [id]);

  // A lost read mark only leaves a badge until the next one.
  const { mutate: markRead } = useMutation({
    mutationFn: ({ seq, leaving }: { seq: number; leaving: boolean }) => api(readPath(scope, id), { json: { seq }, keepalive: leaving }),
    onError: () => {},
  });
  const sentRead = useRef(0);
  const newest = newestSeq(messages);
  const atEnd = query.isSuccess && !query.hasNextPage;
  useEffect(() => {
    sentRead.current = 0;
  }, [id]);
  // Read up to the newest message shown, once the page is visible and things settle.
  useEffect(() => {
    if (!atEnd) return;
    const mark = (leaving = false) => {
      if (document.visibilityState !== 'visible') return;
      clearConversation(id);
      if (newest <= sentRead.current) return;
      sentRead.current = newest;
      markRead({ seq: newest, leaving });
    };
    const timer = setTimeout(mark, READ_DELAY_MS);
    const onVisible = () => document.visibilityState === 'visible' && mark();
    // Leaving the page (or the conversation) before the delay: what was on screen was read.
    const onLeave = () => mark(true);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', onLeave);
      // Leaving the conversation, or a newer message coming: what was on screen until now was read.
      if (!document.hidden) mark(true);
    };
  }, [id, newest, atEnd, markRead]);

  const busy = query.isFetching;
  return {
    messages,
    status: query.isPending ? 'loading' : query.isError && !query.data ? 'error' : 'ready',
    hasOlder: query.hasPreviousPage,
    /** Opened at a search result: newer pages exist below what is loaded. */
    hasNewer: query.hasNextPage,
    loading: query.isFetchingPreviousPage ? 'older' : query.isFetchingNextPage ? 'newer' : null,
    dividerId: opened?.dividerId ?? null,
    /** Messages from others that arrived while open, for the live region. */
    arrived: opened ? messages.filter((m) => m.seq > opened.seq && m.author?.id !== viewerId).length : 0,
    // One fetch at a time: a second would cancel the first (a refetch included).
    loadOlder: () => void (!busy && query.hasPreviousPage && query.fetchPreviousPage()),
    loadNewer: () => void (!busy && query.hasNextPage && query.fetchNextPage()),
    retry: () => void query.refetch(),
  } as const;
}

export type Thread = ReturnType<typeof useThread>;
