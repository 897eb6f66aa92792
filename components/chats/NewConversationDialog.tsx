'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { CHANNEL_NAME_MAX, TOPIC_MAX } from '@/lib/chats/limits';
import { chatKeys } from '@/lib/chats/queries';
import type { ChatPerson, ConversationView } from '@/lib/chats/types';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { PeoplePicker } from './PeoplePicker';

type Props = { viewerId: string; onCreated: (conversation: ConversationView) => void; onClose: () => void };

/** Creates a conversation (or finds the direct one); the team lists show it once fetched again. */
function useCreate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: object) =>
      api<{ data: { conversation: ConversationView } }>('chats/conversations', { json: input }).then((answer) => answer.data.conversation),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.lists('team') }),
  });
}

/** A new channel: name, topic, public or private (with its first members). */
export function NewChannelDialog({ viewerId, onCreated, onClose }: Props) {
  const t = useText('chats');
  const create = useCreate();
  const [members, setMembers] = useState<ChatPerson[]>([]);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/chats/schemas').then((m) => m.channelCreateSchema), {
    defaultValues: { kind: 'channel', name: '', topic: '', isPrivate: false, memberIds: [] },
    onSubmit: async (values) => {
      onCreated(await create.mutateAsync(values));
      onClose();
    },
  });
  const isPrivate = form.watch('isPrivate');
  return (
    <Dialog title={t('newChannelTitle')} lead={t('newChannelLead')} onClose={onClose} busy={busy} testId="chat-channel-dialog">
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
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" {...form.register('isPrivate')} className="mt-0.5 size-4 accent-accent" data-testid="chat-channel-private" />
          <span>
            <span className="font-medium">{t('channelPrivate')}</span>
            <span className="block text-xs text-muted">{t('channelPrivateHint')}</span>
          </span>
        </label>
        {isPrivate && (
          <PeoplePicker
            mode="many"
            label={t('channelMembers')}
            viewerId={viewerId}
            value={members}
            onChange={(people) => {
              setMembers(people);
              form.setValue(
                'memberIds',
                people.map((p) => p.id),
              );
            }}
          />
        )}
        {errorOf('memberIds') && <p className="text-sm text-red-700 dark:text-red-400">{errorOf('memberIds')}</p>}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <DialogSubmit busy={busy} label={t('create')} busyLabel={t('creating')} testId="chat-channel-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A direct conversation: choosing a person opens the one with them, creating it the first time. */
export function NewDirectDialog({ viewerId, onCreated, onClose }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const create = useCreate();
  const busy = create.isPending;
  return (
    <Dialog title={t('newDirectTitle')} lead={t('newDirectLead')} onClose={onClose} busy={busy} testId="chat-direct-dialog">
      <div className="flex flex-col gap-4 px-5 py-4">
        <PeoplePicker
          mode="one"
          label={t('people')}
          viewerId={viewerId}
          busy={busy}
          onPick={(person) =>
            create.mutate(
              { kind: 'direct', userId: person.id },
              {
                onSuccess: (conversation) => {
                  onCreated(conversation);
                  onClose();
                },
                onError: (error) => showError(error, te),
              },
            )
          }
        />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          {null}
        </DialogActions>
      </div>
    </Dialog>
  );
}
