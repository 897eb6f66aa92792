'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { MemberAvatar } from '@/components/users/Chips';
import { MESSAGE_MAX } from '@/lib/chats/schemas';
import type { MessageView } from '@/lib/chats/types';
import { ApiError, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { deleteMessage, editMessage } from './api';
import { Attachments } from './Attachments';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatStamp, formatTime } from './days';
import { LinkedText } from './LinkedText';

type Props = {
  message: MessageView;
  /** Same author as the message before, shortly after: no repeated name and picture. */
  continued: boolean;
  mine: boolean;
  timeZone: string;
  highlighted: boolean;
  onChanged: (message: MessageView) => void;
  onDeleted: (id: string) => void;
};

/** One message: author and time, text with links, files, and Edit / Delete on the viewer's own. */
export function MessageItem({ message, continued, mine, timeZone, highlighted, onChanged, onDeleted }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const locale = useLocale();
  const editId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const author = message.author?.name ?? t('formerMember');

  async function save() {
    if (editing === null) return;
    setSaving(true);
    setEditError(null);
    try {
      const answer = (await editMessage(message.id, editing.trim())) as { data?: { message?: MessageView } };
      if (answer?.data?.message) onChanged(answer.data.message);
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiError && error.fields.body) setEditError(error.fields.body);
      else showError(error, te);
    } finally {
      setSaving(false);
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
      className={`group hover:bg-surface-2/60 flex gap-3 px-4 ${continued ? 'py-0.5' : 'pt-3 pb-0.5'} ${highlighted ? 'bg-primary/10' : ''}`}
      data-testid="chat-message"
      data-id={message.id}
      data-mine={mine || undefined}
    >
      <div className="w-8 shrink-0">{!continued && <MemberAvatar name={author} avatar={message.author?.avatar ?? null} />}</div>
      <div className="min-w-0 flex-1">
        {!continued && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold">{author}</span>
            <time dateTime={message.createdAt} title={formatStamp(message.createdAt, locale, timeZone)} className="text-muted text-xs tabular-nums">
              {formatTime(message.createdAt, locale, timeZone)}
            </time>
          </p>
        )}
        {message.deleted ? (
          <p className="text-muted text-sm italic" data-testid="chat-message-deleted">
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
              className="border-line bg-surface focus-visible:border-primary w-full resize-y rounded-md border px-3 py-2 text-sm"
              data-testid="chat-edit-input"
            />
            {editError ? (
              <p id={`${editId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
                {editError}
              </p>
            ) : (
              <p id={`${editId}-hint`} className="text-muted mt-1 text-xs">
                {t('editHint')}
              </p>
            )}
            <div className="mt-1 flex gap-2 text-sm">
              <button type="button" onClick={() => void save()} disabled={saving} className="text-primary font-medium hover:underline disabled:opacity-60" data-testid="chat-edit-save">
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
              <span className="text-muted text-xs" title={formatStamp(message.editedAt, locale, timeZone)} data-testid="chat-edited">
                {t('edited')}
              </span>
            )}
            <Attachments files={message.attachments} />
          </div>
        )}
      </div>
      {mine && !message.deleted && editing === null && (
        // Always in the tab order and on screen for touch; faint until hovered or focused.
        <div className="flex shrink-0 items-start gap-1 opacity-60 group-focus-within:opacity-100 group-hover:opacity-100">
          <button
            type="button"
            onClick={() => {
              setEditError(null);
              setEditing(message.body);
            }}
            aria-label={t('editMessage')}
            className="hover:bg-surface-2 rounded px-2 py-0.5 text-xs"
            data-testid="chat-edit"
          >
            {t('edit')}
          </button>
          <button type="button" onClick={() => setConfirming(true)} aria-label={t('deleteMessage')} className="hover:bg-surface-2 rounded px-2 py-0.5 text-xs text-red-700 dark:text-red-400" data-testid="chat-delete">
            {t('delete')}
          </button>
        </div>
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
              await deleteMessage(message.id);
              onDeleted(message.id);
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
