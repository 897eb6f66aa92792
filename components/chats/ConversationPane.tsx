'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_EVENTS, type ChatConversationEvent } from '@/lib/chats/types';
import { ApiError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { chatSocket, fetchConversation, staffRoutes, type ConversationDetail } from './api';
import { ChatThread } from './ChatThread';
import { ConversationHeader } from './ConversationHeader';
import type { ThreadTarget } from './use-thread';

type Props = {
  conversationId: string;
  viewerId: string;
  timeZone: string;
  canSupport: boolean;
  target: ThreadTarget | null;
  /** Move focus to the title once loaded: the viewer chose this conversation. */
  focus: boolean;
  onLoaded: (detail: ConversationDetail) => void;
  onLeaveTarget: () => void;
  onBack: () => void;
  onGone: () => void;
};

/** One staff conversation: its header (refetched when it changes) above its messages. */
export function ConversationPane({ conversationId, viewerId, timeZone, canSupport, target, focus, onLoaded, onLeaveTarget, onBack, onGone }: Props) {
  const t = useText('chats');
  const [detail, setDetail] = useState<ConversationDetail | null>(null);
  const [problem, setProblem] = useState<'notFound' | 'failed' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Told once: later refetches (someone renamed it) must not pull the list back to its tab.
  const loaded = useRef<typeof onLoaded | null>(onLoaded);

  const load = useCallback(async () => {
    try {
      const next = await fetchConversation(conversationId);
      setDetail(next);
      setProblem(null);
      loaded.current?.(next);
      loaded.current = null;
    } catch (error) {
      // Gone, or no longer visible to this viewer (left a private channel, lost a permission).
      setProblem(error instanceof ApiError && (error.status === 404 || error.status === 403) ? 'notFound' : 'failed');
    }
  }, [conversationId]);

  useEffect(() => {
    void load();
    const socket = chatSocket();
    const offs = [
      socket.on(CHAT_EVENTS.conversation, (d) => (d as ChatConversationEvent).conversationId === conversationId && void load()),
      socket.on('reconnected', () => void load()),
    ];
    return () => offs.forEach((off) => off());
  }, [conversationId, load]);

  const ready = detail !== null;
  useEffect(() => {
    if (ready && focus) heading.current?.focus();
  }, [ready, focus]);

  if (problem === 'notFound' || (problem === 'failed' && !detail))
    return (
      <div className="grid flex-1 place-items-center p-6 text-center text-sm" role="alert" data-testid="chat-missing">
        <div>
          <p className="font-medium">{t(problem === 'notFound' ? 'conversationMissing' : 'loadFailed')}</p>
          <button type="button" onClick={problem === 'notFound' ? onGone : () => void load()} className="text-primary mt-2 font-medium hover:underline">
            {t(problem === 'notFound' ? 'backToList' : 'retry')}
          </button>
        </div>
      </div>
    );
  if (!detail) return <p className="text-muted p-6 text-sm">{t('loading')}</p>;

  const c = detail.conversation;
  return (
    <>
      <ConversationHeader ref={heading} conversation={c} members={detail.members} viewerId={viewerId} canSupport={canSupport} onBack={onBack} onChanged={() => void load()} onLeft={onGone} />
      <ChatThread
        conversationId={c.id}
        routes={staffRoutes}
        viewerId={viewerId}
        timeZone={timeZone}
        lastReadSeq={c.lastReadSeq}
        target={target}
        onLeaveTarget={onLeaveTarget}
        composerLabel={t('composerLabel', { name: c.title })}
        composerTestId="chat-composer"
        emptyText={t('emptyThread')}
      />
    </>
  );
}
