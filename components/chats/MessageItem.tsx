'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { MemberAvatar } from '@/components/users/Chips';
import { MESSAGE_MAX } from '@/lib/chats/limits';
import type { MessageView } from '@/lib/chats/types';
import { ApiError, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { deleteMessage, editMessage } from './api';
import { Attachments } from './Attachments';
import { changeMessage, deleteMessageIn } from './cache';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatDateTime } from '@/lib/format';
import { formatTime } from './days';
import { LinkedText } from './LinkedText';
import { MessageActions } from './MessageActions';
import { WhatsappMessageState } from '@/components/whatsapp/WhatsappMessageState';

type Props = {
  message: MessageView;
  /** Same author as the message before, shortly after: no repeated name and picture. */
  continued: boolean;
  mine: boolean;
  timeZone: string;
  highlighted: boolean;
};

/** One message: author and time, text with links, files, and a menu to edit or delete the viewer's own. */
export function MessageItem({ message, continued, mine, timeZone, highlighted }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const locale = useLocale();
  const editId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const author = message.author?.name ?? t('formerMember');
  const client = useQueryClient();
  const edit = useMutation({ mutationFn: (body: string) => editMessage(message.id, body), onSuccess: (changed) => changeMessage(client, changed) });
  const remove = useMutation({ mutationFn: () => deleteMessage(message.id), onSuccess: () => deleteMessageIn(client, message.conversationId, message.id) });
  const saving = edit.isPending;

  async function save() {
    if (editing === null || saving) return;
    setEditError(null);
    try {
      await edit.mutateAsync(editing.trim());
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiError && error.fields.body) setEditError(error.fields.body);
      else showError(error, te);
    }
  }

  const onEditKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(null);
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    }
  };

  return (
    <div
      className={`group flex gap-2 px-3 hover:bg-surface-2/60 sm:gap-3 sm:px-4 ${continued ? 'py-0.5' : 'pt-3 pb-0.5'} ${highlighted ? 'bg-primary/10' : ''}`}
      data-testid="chat-message"
      data-id={message.id}
      data-mine={mine || undefined}
    >
      <div className="w-8 shrink-0">{!continued && <MemberAvatar name={author} avatar={message.author?.avatar ?? null} />}</div>
      <div className="min-w-0 flex-1">
        {!continued && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold">{author}</span>
            <time dateTime={message.createdAt} title={formatDateTime(message.createdAt, locale, timeZone)} className="text-xs text-muted tabular-nums">
              {formatTime(message.createdAt, locale, timeZone)}
            </time>
          </p>
        )}
        {message.deleted ? (
          <p className="text-sm text-muted italic" data-testid="chat-message-deleted">
            {t('deleted')}
          </p>
        ) : editing !== null ? (
          <div className="mt-1">
            <label htmlFor={editId} className="sr-only">
              {t('editLabel')}
            </label>
            <textarea
              id={editId}
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              onKeyDown={onEditKey}
              maxLength={MESSAGE_MAX}
              rows={Math.min(8, editing.split('\n').length + 1)}
              autoFocus
              aria-invalid={editError ? true : undefined}
              aria-describedby={editError ? `${editId}-error` : `${editId}-hint`}
              className="w-full resize-y rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent"
              data-testid="chat-edit-input"
            />
            {editError ? (
              <p id={`${editId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {editError}
              </p>
            ) : (
              <p id={`${editId}-hint`} className="mt-1 text-xs text-muted">
                {t('editHint')}
              </p>
            )}
            <div className="mt-1 flex gap-2 text-sm">
              <button
                type="button"
                onClick={() => void save()}
                disabled={saving}
                className="font-medium text-accent hover:underline disabled:opacity-60"
                data-testid="chat-edit-save"
              >
                {t('save')}
              </button>
              <button type="button" onClick={() => setEditing(null)} disabled={saving} className="text-muted hover:underline">
                {t('cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="text-sm">
            {message.body && <LinkedText text={message.body} />}
            {message.editedAt && (
              <span className="text-xs text-muted" title={formatDateTime(message.editedAt, locale, timeZone)} data-testid="chat-edited">
                {t('edited')}
              </span>
            )}
            <Attachments files={message.attachments} />
            <WhatsappMessageState message={message} />
          </div>
        )}
      </div>
      {mine && !message.deleted && editing === null && (
        <MessageActions
          onEdit={() => {
            setEditError(null);
            setEditing(message.body);
          }}
          onDelete={() => setConfirming(true)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          cancelLabel={t('cancel')}
          testId="chat-confirm"
          confirmTestId="chat-confirm-yes"
          title={t('deleteTitle')}
          text={t('deleteText')}
          confirmLabel={t('delete')}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync();
              return true;
            } catch (error) {
              showError(error, te);
              return false;
            }
          }}
        />
      )}
    </div>
  );
}
