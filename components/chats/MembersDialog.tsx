'use client';

import { useState } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { MemberAvatar } from '@/components/users/Chips';
import type { ChatPerson } from '@/lib/chats/types';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PeoplePicker } from './PeoplePicker';

type Props = { conversationId: string; title: string; members: ChatPerson[]; viewerId: string; onChanged: () => void; onLeft: () => void; onClose: () => void };

/** A private channel's members: who is in, adding staff, and leaving it. */
export function MembersDialog({ conversationId, title, members, viewerId, onChanged, onLeft, onClose }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const [adding, setAdding] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);

  async function add() {
    if (adding.length === 0) return;
    setBusy(true);
    try {
      await api(`chats/conversations/${conversationId}/members`, { json: { userIds: adding } });
      setAdding([]);
      onChanged();
    } catch (error) {
      showError(error, te);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('membersTitle', { name: title })} onClose={onClose} busy={busy} testId="chat-members-dialog">
      <div className="flex flex-col gap-4 px-5 py-4">
        <ul className="border-line max-h-48 overflow-y-auto rounded-md border" aria-label={t('members')} data-testid="chat-members">
          {members.map((m) => (
            <li key={m.id} className="border-line flex items-center gap-3 border-b px-3 py-2 text-sm last:border-b-0">
              <MemberAvatar name={m.name} avatar={m.avatar} />
              <span className="truncate">{m.name}</span>
              {m.id === viewerId && <span className="text-muted text-xs">{t('you')}</span>}
            </li>
          ))}
        </ul>
        <PeoplePicker mode="many" label={t('membersAdd')} viewerId={viewerId} exclude={members.map((m) => m.id)} value={adding} onChange={setAdding} />
        <DialogActions onCancel={onClose} cancelLabel={t('close')} busy={busy}>
          <button type="button" onClick={() => setLeaving(true)} disabled={busy} className="rounded-md px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-600/10 dark:text-red-400" data-testid="chat-leave">
            {t('leave')}
          </button>
          <button type="button" onClick={() => void add()} disabled={busy || adding.length === 0} className={primaryButton} data-testid="chat-members-add">
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
              await api(`chats/conversations/${conversationId}/members/${viewerId}`, { method: 'DELETE' });
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
