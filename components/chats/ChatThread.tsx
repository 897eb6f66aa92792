'use client';

import type { MessageView } from '@/lib/chats/types';
import { useText } from '@/lib/i18n/client';
import { postMessage, type ThreadRoutes } from './api';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { useThread, type ThreadTarget } from './use-thread';
import { useTyping } from './use-typing';

type Props = {
  conversationId: string;
  routes: ThreadRoutes;
  viewerId: string;
  timeZone: string;
  lastReadSeq: number;
  target: ThreadTarget | null;
  /** The viewer sent a message while a search result was open: show the newest page instead. */
  onLeaveTarget?: () => void;
  onSent?: (message: MessageView) => void;
  composerLabel: string;
  composerTestId: string;
  emptyText: string;
};

/** A conversation's messages, who is typing, and the box to write in: the same for staff and customers. */
export function ChatThread({ conversationId, routes, viewerId, timeZone, lastReadSeq, target, onLeaveTarget, onSent, composerLabel, composerTestId, emptyText }: Props) {
  const t = useText('chats');
  const thread = useThread({ conversationId, routes, viewerId, lastReadSeq, target });
  const typing = useTyping(conversationId, viewerId);

  async function send(body: string, files: File[], onProgress: (share: number | null) => void) {
    const message = await postMessage(routes.messages(conversationId), body, files, onProgress);
    typing.sent();
    if (thread.hasNewer) onLeaveTarget?.();
    else thread.add(message);
    onSent?.(message);
  }

  return (
    <>
      <MessageList thread={thread} viewerId={viewerId} timeZone={timeZone} focusId={target?.messageId ?? null} emptyText={emptyText} />
      <p className="text-muted h-5 truncate px-4 text-xs" aria-live="polite" data-testid="chat-typing">
        {typing.text ? t(typing.text.key, typing.text.values) : ''}
      </p>
      <Composer onSend={send} onTyping={typing.typed} label={composerLabel} testId={composerTestId} />
    </>
  );
}
