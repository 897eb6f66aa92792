'use client';

import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { chatKeys, messagesPath, type ThreadScope } from '@/lib/chats/queries';
import type { MessageView } from '@/lib/chats/types';
import { useText } from '@/lib/i18n/client';
import { randomUuid } from '@/lib/shell/random-uuid';
import { sendMessage } from './api';
import { moveInLists, putMessage } from './cache';
import { Composer } from './Composer';
import { MessageList, type Outgoing } from './MessageList';
import { useThread, type ThreadTarget } from './use-thread';
import { useTyping } from './use-typing';

type Props = {
  conversationId: string;
  scope: ThreadScope;
  viewerId: string;
  timeZone: string;
  lastReadSeq: number;
  target: ThreadTarget | null;
  /** The viewer sent a message while a search result was open: show the newest page instead. */
  onLeaveTarget?: () => void;
  composerLabel: string;
  composerTestId: string;
  emptyText: string;
};

type Sending = Outgoing & { clientKey: string; onProgress: (share: number | null) => void };

/** A conversation's messages, who is typing, and the box to write in: the same for staff and customers. */
export function ChatThread({ conversationId, scope, viewerId, timeZone, lastReadSeq, target, onLeaveTarget, composerLabel, composerTestId, emptyText }: Props) {
  const t = useText('chats');
  const client = useQueryClient();
  const thread = useThread({ conversationId, scope, viewerId, lastReadSeq, target });
  const typing = useTyping(conversationId, viewerId);
  const sendKey = chatKeys.send(conversationId);

  // Shown as pending while on its way; a failure drops it (the composer gets the text back and says why).
  const send = useMutation({
    mutationKey: sendKey,
    mutationFn: (out: Sending) => sendMessage({ ...out, conversationId, path: messagesPath(scope, conversationId) }),
    onSuccess: (message: MessageView) => {
      typing.sent();
      if (thread.hasNewer) onLeaveTarget?.();
      putMessage(client, message);
      // Only the tab holding the conversation changes.
      moveInLists(client, 'team', message);
      moveInLists(client, 'support', message);
    },
  });
  const pending = useMutationState({ filters: { mutationKey: sendKey, status: 'pending' }, select: (m) => m.state.variables as Sending });

  return (
    <>
      <MessageList thread={thread} pending={pending} viewerId={viewerId} timeZone={timeZone} focusId={target?.messageId ?? null} emptyText={emptyText} />
      <p className="h-5 truncate px-4 text-xs text-muted" aria-live="polite" data-testid="chat-typing">
        {typing.text ? t(typing.text.key, typing.text.values) : ''}
      </p>
      <Composer
        optimistic
        onSend={async (body, files, onProgress) => void (await send.mutateAsync({ body, files, onProgress, clientKey: randomUuid() }))}
        onTyping={typing.typed}
        label={composerLabel}
        testId={composerTestId}
      />
    </>
  );
}
