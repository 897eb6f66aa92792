'use client';

import { useId, useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { CARD_DESCRIPTION_MAX, CARD_TITLE_MAX } from '@/lib/boards/limits';
import type { CardDetail } from '@/lib/boards/types';
import { FieldError, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { useCardWrite } from './use-board-writes';

/** The title and the Markdown description: shown rendered (sanitized by the server), edited on demand. */
export function CardText({ boardId, card, may }: { boardId: string; card: CardDetail; may: BoardMay }) {
  const t = useText('boards');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const write = useCardWrite(boardId);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.cardPatchSchema), {
    defaultValues: { title: card.title, description: card.description },
    onSubmit: async (values) => {
      await write.mutateAsync({ path: `cards/${card.id}`, json: { title: values.title, description: values.description ?? '' } });
      setEditing(false);
    },
  });
  if (!editing)
    return (
      <section aria-labelledby={`${id}-d`} className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${id}-d`} className="font-semibold">
            {t('description')}
          </h3>
          {may.update && (
            <button type="button" className={secondaryButton} onClick={() => setEditing(true)} data-testid="card-edit-text">
              {t('edit')}
            </button>
          )}
        </div>
        {card.descriptionHtml ? (
          // Rendered and sanitized on the server by the help pages' renderer.
          <div className="prose-content text-sm break-words" dangerouslySetInnerHTML={{ __html: card.descriptionHtml }} data-testid="card-description" />
        ) : (
          <p className="text-sm text-muted">{t('noDescription')}</p>
        )}
      </section>
    );
  const descriptionError = errorOf('description');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField label={t('cardTitle')} required maxLength={CARD_TITLE_MAX} autoComplete="off" registration={form.register('title')} error={errorOf('title')} />
      <div>
        <label htmlFor={`${id}-desc`} className="mb-1 block text-sm font-medium">
          {t('description')}
        </label>
        <textarea
          id={`${id}-desc`}
          rows={8}
          maxLength={CARD_DESCRIPTION_MAX}
          aria-describedby={`${id}-hint${descriptionError ? ` ${id}-desc-error` : ''}`}
          aria-invalid={descriptionError ? true : undefined}
          className="w-full rounded-control border border-line bg-surface px-3 py-2 font-mono text-sm focus-visible:border-accent"
          data-testid="card-description-input"
          {...form.register('description')}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {t('markdownHint')}
        </p>
        <FieldError id={`${id}-desc-error`} message={descriptionError} />
      </div>
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={primaryButton} data-testid="card-save-text">
          {busy ? t('saving') : t('save')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setEditing(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
