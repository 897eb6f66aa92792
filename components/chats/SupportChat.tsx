'use client';

import { useCallback, useEffect, useState } from 'react';
import { CHAT_EVENTS, type ChatConversationEvent, type ConversationView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { chatSocket, postMessage, supportRoutes } from './api';
import { ChatThread } from './ChatThread';
import { Composer } from './Composer';

type Props = { project: { id: string; name: string }; viewerId: string; timeZone: string };
type Answer = { data: { conversation: ConversationView | null } };

/**
 * A user's conversation with a project's support. It exists from the first message: until
 * then there is only the box to write it in.
 */
export function SupportChat({ project, viewerId, timeZone }: Props) {
  const t = useText('chats');
  const [conversation, setConversation] = useState<ConversationView | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data } = await api<Answer>(`chats/support?${new URLSearchParams({ projectId: project.id })}`, { method: 'GET' });
      setConversation(data.conversation);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [project.id]);

  useEffect(() => {
    void load();
  }, [load]);

  // Staff resolved or reopened it.
  const id = conversation?.id;
  useEffect(() => {
    if (!id) return;
    return chatSocket().on(CHAT_EVENTS.conversation, (d) => (d as ChatConversationEvent).conversationId === id && void load());
  }, [id, load]);

  async function first(body: string, files: File[], onProgress: (share: number | null) => void) {
    // Get-or-create: sending again after a failed message finds the same conversation.
    const { data } = await api<{ data: { conversation: ConversationView } }>('chats/support', { json: { projectId: project.id } });
    await postMessage(supportRoutes.messages(data.conversation.id), body, files, onProgress);
    setConversation(data.conversation);
  }

  const frame = 'border-line bg-surface flex h-[calc(100dvh-14rem)] min-h-96 flex-col overflow-hidden rounded-lg border';
  if (failed && conversation === undefined)
    return (
      <div className="p-6 text-center text-sm" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" onClick={() => void load()} className="text-primary mt-2 font-medium hover:underline">
          {t('retry')}
        </button>
      </div>
    );
  if (conversation === undefined) return <p className="text-muted p-6 text-sm">{t('loading')}</p>;
  return (
    <div className={frame} data-testid="support-chat">
      {conversation?.status === 'resolved' && (
        <p className="border-line bg-surface-2 border-b px-4 py-2 text-sm" role="status" data-testid="support-resolved">
          {t('supportResolved')}
        </p>
      )}
      {conversation ? (
        <ChatThread
          conversationId={conversation.id}
          routes={supportRoutes}
          viewerId={viewerId}
          timeZone={timeZone}
          lastReadSeq={conversation.lastReadSeq}
          target={null}
          composerLabel={t('supportComposerLabel', { project: project.name })}
          composerTestId="support-composer"
          emptyText={t('supportEmpty')}
        />
      ) : (
        <>
          <div className="text-muted grid flex-1 place-items-center p-6 text-center text-sm" data-testid="support-start">
            <div>
              <p className="text-ink font-medium">{t('supportStartTitle', { project: project.name })}</p>
              <p className="mt-1">{t('supportStartText')}</p>
            </div>
          </div>
          <Composer onSend={first} label={t('supportComposerLabel', { project: project.name })} testId="support-composer" />
        </>
      )}
    </div>
  );
}
