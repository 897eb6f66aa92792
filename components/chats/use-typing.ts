'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_EVENTS, type ChatMessageEvent, type ChatTypingEvent } from '@/lib/chats/types';
import { chatSocket } from './api';
import { activeTypists, addTypist, nextExpiry, removeTypist, shouldSendTyping, typingText, type Typists } from './typing';

/**
 * Who else is typing in a conversation, and `typed()` for the viewer's own keystrokes
 * (sent at most every 3 s; a lost one only hides the indicator sooner).
 */
export function useTyping(conversationId: string, viewerId: string) {
  const [typists, setTypists] = useState<Typists>(() => new Map());
  const [now, setNow] = useState(() => Date.now());
  const lastSent = useRef<number | null>(null);
  // The next keystroke starts a new message (none sent yet, or the last one just went).
  const fresh = useRef(true);

  useEffect(() => {
    const socket = chatSocket();
    const offTyping = socket.on(CHAT_EVENTS.typing, (d) => {
      const { conversationId: cid, users } = d as ChatTypingEvent;
      const others = users.filter((u) => u.id !== viewerId);
      if (cid !== conversationId || others.length === 0) return;
      const at = Date.now();
      setNow(at);
      setTypists((prev) => others.reduce((list, user) => addTypist(list, user, at), prev));
    });
    const offMessage = socket.on(CHAT_EVENTS.message, (d) => {
      const { conversationId: cid, message } = d as ChatMessageEvent;
      if (cid === conversationId && message.author) setTypists((prev) => removeTypist(prev, message.author!.id));
    });
    return () => {
      offTyping();
      offMessage();
    };
  }, [conversationId, viewerId]);

  // Wake up when the next name is due to go.
  const due = nextExpiry(typists, now);
  useEffect(() => {
    if (due === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [due]);

  const typed = useCallback(() => {
    const at = Date.now();
    if (!shouldSendTyping(lastSent.current, at)) return;
    lastSent.current = at;
    const d = { conversationId, ...(fresh.current && { fresh: true }) };
    fresh.current = false;
    chatSocket()
      .request(CHAT_EVENTS.typing, d)
      .catch(() => {});
  }, [conversationId]);

  /** Sending ends the typing: the next keystroke announces a new message at once (the server lets it through its throttle). */
  const sent = useCallback(() => {
    lastSent.current = null;
    fresh.current = true;
  }, []);

  return { text: typingText(activeTypists(typists, now)), typed, sent };
}
