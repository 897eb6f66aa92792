'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { COMMENT_MAX } from '@/lib/boards/limits';
import { boardsKeys } from '@/lib/boards/queries';
import type { CardDetail, CardView } from '@/lib/boards/types';
import { formatDateTime } from '@/lib/format/date';
import { FieldError } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { putCard } from './cache';

/** The card's comments, oldest first, and a box to add one. */
export function CardComments({ boardId, card, may, timeZone }: { boardId: string; card: CardDetail; may: BoardMay; timeZone: string | null }) {
  const t = useText('boards');
  const locale = useLocale();
  const id = useId();
  const client = useQueryClient();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.commentSchema), {
    defaultValues: { body: '' },
    onSubmit: async (values) => {
      const res = await api<{ card: CardView }>(`boards/${boardId}/cards/${card.id}/comments`, { json: values });
      putCard(client, boardId, res.card);
      await client.invalidateQueries({ queryKey: boardsKeys.card(boardId, card.id) });
      form.reset({ body: '' });
    },
  });
  const error = errorOf('body');
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="font-semibold">
        {t('comments')}
      </h3>
      {card.commentList.length === 0 && <p className="text-sm text-muted">{t('noComments')}</p>}
      <ul className="flex flex-col gap-2" data-testid="comments">
        {card.commentList.map((c) => (
          <li key={c.id} className="rounded-control border border-line px-3 py-2 text-sm">
            <p className="text-xs text-muted">
              <span className="font-medium text-ink">{c.authorName ?? t('someone')}</span> · {formatDateTime(c.createdAt, locale, timeZone)}
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap">{c.body}</p>
          </li>
        ))}
      </ul>
      {may.update && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <label htmlFor={`${id}-body`} className="sr-only">
            {t('newComment')}
          </label>
          <textarea
            id={`${id}-body`}
            rows={2}
            maxLength={COMMENT_MAX}
            placeholder={t('newComment')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent"
            data-testid="comment-body"
            {...form.register('body')}
          />
          <FieldError id={`${id}-error`} message={error} />
          <button type="submit" disabled={busy} className={`${primaryButton} self-start`} data-testid="comment-submit">
            {t('addComment')}
          </button>
        </form>
      )}
    </section>
  );
}
