'use client';

import { useQuery } from '@tanstack/react-query';
import { ThreadSkeleton } from '@/components/ui/Skeleton';
import { useEffect, useRef } from 'react';
import { conversationQuery, type ConversationDetail } from '@/lib/chats/queries';
import { ApiError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { WhatsappPanel } from '@/components/whatsapp/WhatsappPanel';
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
  const query = useQuery(conversationQuery(conversationId));
  const detail = query.data;
  const heading = useRef<HTMLHeadingElement>(null);

  // Told once: later refetches (someone renamed it) must not pull the list back to its tab.
  const told = useRef(false);
  useEffect(() => {
    if (!detail || told.current) return;
    told.current = true;
    onLoaded(detail);
  }, [detail, onLoaded]);

  const ready = detail !== undefined;
  useEffect(() => {
    if (ready && focus) heading.current?.focus();
  }, [ready, focus]);

  // Gone, or no longer visible to this viewer (left a private channel, lost a permission).
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
  if (notFound || (query.isError && !detail))
    return (
      <div className="grid flex-1 place-items-center p-6 text-center text-sm" role="alert" data-testid="chat-missing">
        <div>
          <p className="font-medium">{t(notFound ? 'conversationMissing' : 'loadFailed')}</p>
          <button type="button" onClick={notFound ? onGone : () => void query.refetch()} className="mt-2 font-medium text-accent hover:underline">
            {t(notFound ? 'backToList' : 'retry')}
          </button>
        </div>
      </div>
    );
  if (!detail)
    return (
      <div className="flex h-full flex-col">
        <ThreadSkeleton />
      </div>
    );

  const c = detail.conversation;
  return (
    <>
      <ConversationHeader ref={heading} conversation={c} members={detail.members} viewerId={viewerId} canSupport={canSupport} onBack={onBack} onLeft={onGone} />
      <WhatsappPanel conversation={c} />
      <ChatThread
        conversationId={c.id}
        scope="staff"
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
