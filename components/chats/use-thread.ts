'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { clearConversation, setOpenConversation } from '@/lib/chats/unread-store';
import { CHAT_EVENTS, type ChatMessageDeletedEvent, type ChatMessageEvent, type MessageView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';
import { chatSocket, fetchMessages, type ThreadRoutes } from './api';
import { dividerBefore, markDeleted, mergeMessages, newestSeq, oldestSeq, updateMessage } from './thread';

/** A search result to open the conversation at. */
export type ThreadTarget = { messageId: string; seq: number };

type Options = {
  conversationId: string;
  routes: ThreadRoutes;
  viewerId: string;
  /** What the viewer had read when opening: where "new messages" goes. */
  lastReadSeq: number;
  target: ThreadTarget | null;
};

type State = {
  messages: MessageView[];
  status: 'loading' | 'ready' | 'error';
  hasOlder: boolean;
  /** Opened at a search result: newer pages exist below what is loaded. */
  hasNewer: boolean;
  loading: 'older' | 'newer' | null;
  dividerId: string | null;
  /** Messages from others that arrived while open, for the live region. */
  arrived: number;
};

const LOADING: State = { messages: [], status: 'loading', hasOlder: false, hasNewer: false, loading: null, dividerId: null, arrived: 0 };
/** Pages fetched at most to catch up after a reconnect; past that, reopening the conversation shows the rest. */
const CATCH_UP_PAGES = 10;
const READ_DELAY_MS = 600;

/**
 * The open conversation's messages: the newest page first (or the page around a search
 * result), older pages on demand, live events, catch-up after a reconnect, and the read
 * mark sent while the page is visible.
 */
export function useThread({ conversationId, routes, viewerId, lastReadSeq, target }: Options) {
  const [state, setState] = useState<State>(LOADING);
  const current = useRef(state);
  current.current = state;
  const opened = useRef({ lastReadSeq, target });
  opened.current = { lastReadSeq, target };
  const [attempt, setAttempt] = useState(0);
  const id = conversationId;

  useEffect(() => {
    let cancelled = false;
    setState(LOADING);
    const { lastReadSeq: readSeq, target: at } = opened.current;
    (async () => {
      try {
        let next: Pick<State, 'messages' | 'hasOlder' | 'hasNewer'>;
        if (at) {
          const [back, forward] = await Promise.all([fetchMessages(routes, id, { before: at.seq + 1 }), fetchMessages(routes, id, { after: at.seq })]);
          next = { messages: mergeMessages(back.messages, forward.messages), hasOlder: back.hasMore, hasNewer: forward.hasMore };
        } else {
          const page = await fetchMessages(routes, id);
          next = { messages: page.messages, hasOlder: page.hasMore, hasNewer: false };
        }
        if (cancelled) return;
        setState({ ...next, status: 'ready', loading: null, dividerId: dividerBefore(next.messages, readSeq, viewerId), arrived: 0 });
      } catch {
        if (!cancelled) setState({ ...LOADING, status: 'error' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, routes, viewerId, target?.messageId, attempt]);

  const loadMore = useCallback(
    async (direction: 'older' | 'newer') => {
      const s = current.current;
      if (s.status !== 'ready' || s.loading) return;
      const cursor = direction === 'older' ? { before: oldestSeq(s.messages) ?? undefined } : { after: newestSeq(s.messages) };
      if ((direction === 'older' && !s.hasOlder) || (direction === 'newer' && !s.hasNewer)) return;
      setState((prev) => ({ ...prev, loading: direction }));
      try {
        const page = await fetchMessages(routes, id, cursor);
        setState((prev) => ({
          ...prev,
          messages: mergeMessages(prev.messages, page.messages),
          loading: null,
          ...(direction === 'older' ? { hasOlder: page.hasMore } : { hasNewer: page.hasMore }),
        }));
      } catch {
        setState((prev) => ({ ...prev, loading: null }));
      }
    },
    [id, routes],
  );

  // Live events for this conversation, and what the socket missed while it was away.
  useEffect(() => {
    const socket = chatSocket();
    const offs = [
      socket.on(CHAT_EVENTS.message, (d) => {
        const { conversationId: cid, message } = d as ChatMessageEvent;
        // Below a gap (opened at a search result) it would sit out of place: the newer pages bring it.
        if (cid !== id || current.current.hasNewer) return;
        const mine = message.author?.id === viewerId;
        setState((prev) => ({ ...prev, messages: mergeMessages(prev.messages, [message]), arrived: prev.arrived + (mine ? 0 : 1) }));
      }),
      socket.on(CHAT_EVENTS.messageUpdated, (d) => {
        const { conversationId: cid, message } = d as ChatMessageEvent;
        if (cid === id) setState((prev) => ({ ...prev, messages: updateMessage(prev.messages, message) }));
      }),
      socket.on(CHAT_EVENTS.messageDeleted, (d) => {
        const { conversationId: cid, messageId } = d as ChatMessageDeletedEvent;
        if (cid === id) setState((prev) => ({ ...prev, messages: markDeleted(prev.messages, messageId) }));
      }),
      socket.on('reconnected', () => void catchUp()),
    ];
    async function catchUp() {
      const s = current.current;
      if (s.status !== 'ready' || s.hasNewer) return;
      let after = newestSeq(s.messages);
      for (let i = 0; i < CATCH_UP_PAGES; i++) {
        try {
          const page = await fetchMessages(routes, id, { after });
          setState((prev) => ({ ...prev, messages: mergeMessages(prev.messages, page.messages) }));
          if (!page.hasMore || page.messages.length === 0) return;
          after = newestSeq(page.messages);
        } catch {
          return;
        }
      }
    }
    return () => offs.forEach((off) => off());
  }, [id, routes, viewerId]);

  // The notifications leave the open conversation alone; leaving it hands it back to them.
  useEffect(() => {
    setOpenConversation(id);
    return () => setOpenConversation(null);
  }, [id]);

  // Read up to the newest message shown, once the page is visible and things settle.
  const sentRead = useRef(0);
  const newest = newestSeq(state.messages);
  const atEnd = state.status === 'ready' && !state.hasNewer;
  useEffect(() => {
    sentRead.current = 0;
  }, [id]);
  useEffect(() => {
    if (!atEnd) return;
    const mark = (leaving = false) => {
      if (document.visibilityState !== 'visible') return;
      clearConversation(id);
      if (newest <= sentRead.current) return;
      sentRead.current = newest;
      // A lost read mark only leaves a badge until the next one.
      api(routes.read(id), { json: { seq: newest }, keepalive: leaving }).catch(() => {});
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
  }, [id, routes, newest, atEnd]);

  return {
    ...state,
    loadOlder: () => loadMore('older'),
    loadNewer: () => loadMore('newer'),
    retry: () => setAttempt((n) => n + 1),
    /** The server's answer to a message the viewer sent (the event may come before or after it). */
    add: (message: MessageView) => setState((prev) => (prev.hasNewer ? prev : { ...prev, messages: mergeMessages(prev.messages, [message]) })),
    replace: (message: MessageView) => setState((prev) => ({ ...prev, messages: updateMessage(prev.messages, message) })),
    remove: (messageId: string) => setState((prev) => ({ ...prev, messages: markDeleted(prev.messages, messageId) })),
  };
}

export type Thread = ReturnType<typeof useThread>;
