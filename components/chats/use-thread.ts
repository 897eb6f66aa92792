'use client';

import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { readPath, threadQuery, type ThreadScope } from '@/lib/chats/queries';
import { clearConversation, setOpenConversation } from '@/lib/chats/unread-store';
import { api } from '@/lib/http/api-client';
import { createReadMarker } from './read-marker';
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
  const newest = newestSeq(messages);
  const atEnd = query.isSuccess && !query.hasNextPage;
  const reading = useRef(false);
  const [marker, setMarker] = useState<ReturnType<typeof createReadMarker> | null>(null);
  // One marker per conversation: leaving it sends what was on screen, to the conversation left.
  useEffect(() => {
    const m = createReadMarker({
      send: (seq, leaving) => {
        clearConversation(id);
        markRead({ seq, leaving });
      },
      reading: () => reading.current && document.visibilityState === 'visible',
    });
    setMarker(m);
    const onVisible = () => document.visibilityState === 'visible' && m.flush();
    const onLeave = () => m.flush(true);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', onLeave);
      m.flush(true);
      m.dispose();
    };
  }, [id, markRead]);
  useEffect(() => {
    reading.current = atEnd;
    if (!atEnd) return;
    // Seen, so the unread badge goes now; the mark follows on the marker's schedule.
    clearConversation(id);
    marker?.seen(newest);
  }, [marker, id, newest, atEnd]);

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
