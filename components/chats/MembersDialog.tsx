'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { MemberAvatar } from '@/components/users/Chips';
import { chatKeys, type ConversationDetail } from '@/lib/chats/queries';
import type { ChatPerson } from '@/lib/chats/types';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PeoplePicker } from './PeoplePicker';

type Props = { conversationId: string; title: string; members: ChatPerson[]; viewerId: string; onLeft: () => void; onClose: () => void };

/** A private channel's members: who is in, adding staff, and leaving it. */
export function MembersDialog({ conversationId, title, members, viewerId, onLeft, onClose }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const client = useQueryClient();
  const key = chatKeys.conversation(conversationId);
  const [adding, setAdding] = useState<ChatPerson[]>([]);
  const [leaving, setLeaving] = useState(false);

  // Listed at once; taken back (and offered again) with the reason if the server refuses.
  const add = useMutation({
    mutationFn: (people: ChatPerson[]) => api(`chats/conversations/${conversationId}/members`, { json: { userIds: people.map((p) => p.id) } }),
    onMutate: async (people) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ConversationDetail>(key);
      client.setQueryData<ConversationDetail>(
        key,
        (detail) => detail && { ...detail, members: [...detail.members, ...people.filter((p) => !detail.members.some((m) => m.id === p.id))] },
      );
      setAdding([]);
      return { before };
    },
    onError: (error, people, result) => {
      if (result?.before) client.setQueryData(key, result.before);
      setAdding(people);
      showError(error, te);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const leave = useMutation({
    mutationFn: () => api(`chats/conversations/${conversationId}/members/${viewerId}`, { method: 'DELETE' }),
    onSuccess: () => {
      // Not fetched again while it closes (the viewer may no longer read it): only on a return.
      void client.invalidateQueries({ queryKey: key, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
  const busy = leave.isPending;

  return (
    <Dialog title={t('membersTitle', { name: title })} onClose={onClose} busy={busy} testId="chat-members-dialog">
      <div className="flex flex-col gap-4 px-5 py-4">
        <ul className="max-h-48 overflow-y-auto rounded-control border border-line" aria-label={t('members')} data-testid="chat-members">
          {members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 border-b border-line px-3 py-2 text-sm last:border-b-0">
              <MemberAvatar name={m.name} avatar={m.avatar} />
              <span className="truncate">{m.name}</span>
              {m.id === viewerId && <span className="text-xs text-muted">{t('you')}</span>}
            </li>
          ))}
        </ul>
        <PeoplePicker mode="many" label={t('membersAdd')} viewerId={viewerId} exclude={members.map((m) => m.id)} value={adding} onChange={setAdding} />
        <DialogActions onCancel={onClose} cancelLabel={t('close')} busy={busy}>
          <button
            type="button"
            onClick={() => setLeaving(true)}
            disabled={busy}
            className="rounded-control px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-600/10 dark:text-red-400"
            data-testid="chat-leave"
          >
            {t('leave')}
          </button>
          <button
            type="button"
            onClick={() => add.mutate(adding)}
            disabled={busy || adding.length === 0}
            className={primaryButton}
            data-testid="chat-members-add"
          >
            {t('membersAddButton', { count: adding.length })}
          </button>
        </DialogActions>
      </div>
      {leaving && (
        <ConfirmDialog
          cancelLabel={t('cancel')}
          testId="chat-confirm"
          confirmTestId="chat-confirm-yes"
          title={t('leaveTitle', { name: title })}
          text={t('leaveText')}
          confirmLabel={t('leave')}
          onClose={() => setLeaving(false)}
          onConfirm={async () => {
            try {
              await leave.mutateAsync();
              onLeft();
              return true;
            } catch (error) {
              showError(error, te);
              return false;
            }
          }}
        />
      )}
    </Dialog>
  );
}
