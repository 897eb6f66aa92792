'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { CHANNEL_NAME_MAX, TOPIC_MAX } from '@/lib/chats/limits';
import type { ConversationView } from '@/lib/chats/types';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { putConversation } from './cache';

/** A channel's name and topic; whoever may read the channel may change them. */
export function EditChannelDialog({ conversation, onClose }: { conversation: ConversationView; onClose: () => void }) {
  const t = useText('chats');
  const client = useQueryClient();
  // Field errors are the form's to show (useApiForm): no alert here.
  const save = useMutation({
    mutationFn: (patch: { name?: string; topic?: string }) =>
      api<{ data: { conversation: ConversationView } }>(`chats/conversations/${conversation.id}`, { method: 'PATCH', json: patch }).then(
        (answer) => answer.data.conversation,
      ),
    onSuccess: (changed) => putConversation(client, changed),
  });
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/chats/schemas').then((m) => m.conversationPatchSchema), {
    defaultValues: { name: conversation.title, topic: conversation.topic },
    onSubmit: async ({ name, topic }) => {
      await save.mutateAsync({ name, topic });
      onClose();
    },
  });
  return (
    <Dialog title={t('editChannelTitle')} onClose={onClose} busy={busy} testId="chat-edit-channel-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 py-4">
        <TextField
          label={t('channelName')}
          required
          autoFocus
          maxLength={CHANNEL_NAME_MAX}
          autoComplete="off"
          registration={form.register('name')}
          error={errorOf('name')}
        />
        <TextField label={t('channelTopic')} maxLength={TOPIC_MAX} autoComplete="off" registration={form.register('topic')} error={errorOf('topic')} />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <DialogSubmit busy={busy} label={t('save')} busyLabel={t('saving')} testId="chat-edit-channel-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
