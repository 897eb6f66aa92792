'use client';

import { useState } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { CHANNEL_NAME_MAX, TOPIC_MAX, channelCreateSchema } from '@/lib/chats/schemas';
import type { ConversationView } from '@/lib/chats/types';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { PeoplePicker } from './PeoplePicker';

type Created = { data: { conversation: ConversationView } };
type Props = { viewerId: string; onCreated: (conversation: ConversationView) => void; onClose: () => void };

/** A new channel: name, topic, public or private (with its first members). */
export function NewChannelDialog({ viewerId, onCreated, onClose }: Props) {
  const t = useText('chats');
  const { form, submit, errorOf, busy } = useApiForm(channelCreateSchema, {
    defaultValues: { kind: 'channel', name: '', topic: '', isPrivate: false, memberIds: [] },
    onSubmit: async (values) => {
      const { data } = await api<Created>('chats/conversations', { json: values });
      onCreated(data.conversation);
      onClose();
    },
  });
  const isPrivate = form.watch('isPrivate');
  return (
    <Dialog title={t('newChannelTitle')} lead={t('newChannelLead')} onClose={onClose} busy={busy} testId="chat-channel-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 py-4">
        <TextField label={t('channelName')} required autoFocus maxLength={CHANNEL_NAME_MAX} autoComplete="off" registration={form.register('name')} error={errorOf('name')} />
        <TextField label={t('channelTopic')} maxLength={TOPIC_MAX} autoComplete="off" registration={form.register('topic')} error={errorOf('topic')} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" {...form.register('isPrivate')} className="accent-primary mt-0.5 size-4" data-testid="chat-channel-private" />
          <span>
            <span className="font-medium">{t('channelPrivate')}</span>
            <span className="text-muted block text-xs">{t('channelPrivateHint')}</span>
          </span>
        </label>
        {isPrivate && (
          <PeoplePicker
            mode="many"
            label={t('channelMembers')}
            viewerId={viewerId}
            value={(form.watch('memberIds') ?? []).filter((id): id is string => typeof id === 'string')}
            onChange={(ids) => form.setValue('memberIds', ids)}
          />
        )}
        {errorOf('memberIds') && <p className="text-sm text-red-600 dark:text-red-400">{errorOf('memberIds')}</p>}
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
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={t('newDirectTitle')} lead={t('newDirectLead')} onClose={onClose} busy={busy} testId="chat-direct-dialog">
      <div className="flex flex-col gap-4 px-5 py-4">
        <PeoplePicker
          mode="one"
          label={t('people')}
          viewerId={viewerId}
          busy={busy}
          onPick={async (person) => {
            setBusy(true);
            try {
              const { data } = await api<Created>('chats/conversations', { json: { kind: 'direct', userId: person.id } });
              onCreated(data.conversation);
              onClose();
            } catch (error) {
              showError(error, te);
            } finally {
              setBusy(false);
            }
          }}
        />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          {null}
        </DialogActions>
      </div>
    </Dialog>
  );
}
