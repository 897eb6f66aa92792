'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatKeys, messagesPath, supportQuery } from '@/lib/chats/queries';
import type { ConversationView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { randomUuid } from '@/lib/shell/random-uuid';
import { sendMessage } from './api';
import { ChatThread } from './ChatThread';
import { Composer } from './Composer';
import { useChatEvents } from './use-chat-events';

type Props = { project: { id: string; name: string }; viewerId: string; timeZone: string };
type First = { body: string; files: File[]; clientKey: string; onProgress: (share: number | null) => void };

/**
 * A user's conversation with a project's support. It exists from the first message: until
 * then there is only the box to write it in.
 */
export function SupportChat({ project, viewerId, timeZone }: Props) {
  const t = useText('chats');
  const client = useQueryClient();
  const query = useQuery(supportQuery(project.id));
  // Staff resolving or reopening it comes as a conversation event.
  useChatEvents();
  const start = useMutation({
    mutationFn: async ({ body, files, onProgress, clientKey }: First) => {
      // Get-or-create: sending again after a failed message finds the same conversation.
      const { data } = await api<{ data: { conversation: ConversationView } }>('chats/support', { json: { projectId: project.id } });
      const id = data.conversation.id;
      await sendMessage({ conversationId: id, path: messagesPath('support', id), body, files, onProgress, clientKey });
      return data.conversation;
    },
    onSuccess: (conversation) => client.setQueryData(chatKeys.support(project.id), conversation),
  });
  const conversation = query.data;

  const frame = 'border-line bg-surface flex h-[calc(100dvh-14rem)] min-h-96 flex-col overflow-hidden rounded-card border';
  if (query.isError && conversation === undefined)
    return (
      <div className="p-6 text-center text-sm" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" onClick={() => void query.refetch()} className="mt-2 font-medium text-accent hover:underline">
          {t('retry')}
        </button>
      </div>
    );
  if (conversation === undefined) return <p className="p-6 text-sm text-muted">{t('loading')}</p>;
  return (
    <div className={frame} data-testid="support-chat">
      {conversation?.status === 'resolved' && (
        <p className="border-b border-line bg-surface-2 px-4 py-2 text-sm" role="status" data-testid="support-resolved">
          {t('supportResolved')}
        </p>
      )}
      {conversation ? (
        <ChatThread
          conversationId={conversation.id}
          scope="support"
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
          <div className="grid flex-1 place-items-center p-6 text-center text-sm text-muted" data-testid="support-start">
            <div>
              <p className="font-medium text-ink">{t('supportStartTitle', { project: project.name })}</p>
              <p className="mt-1">{t('supportStartText')}</p>
            </div>
          </div>
          <Composer
            onSend={async (body, files, onProgress) => void (await start.mutateAsync({ body, files, onProgress, clientKey: randomUuid() }))}
            label={t('supportComposerLabel', { project: project.name })}
            testId="support-composer"
          />
        </>
      )}
    </div>
  );
}
