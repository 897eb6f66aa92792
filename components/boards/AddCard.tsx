'use client';

import { useId, useState } from 'react';
import { CARD_TITLE_MAX } from '@/lib/boards/limits';
import { FieldError } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { useCardWrite } from './use-board-writes';

/** "Add card" at a column's foot: a title, Enter to add, Escape to close. */
export function AddCard({ boardId, columnId }: { boardId: string; columnId: string }) {
  const t = useText('boards');
  const id = useId();
  const [open, setOpen] = useState(false);
  const write = useCardWrite(boardId);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.cardSchema), {
    defaultValues: { columnId, title: '' },
    onSubmit: async (values) => {
      await write.mutateAsync({ path: 'cards', method: 'POST', json: values });
      form.reset({ columnId, title: '' });
      form.setFocus('title');
    },
  });
  if (!open)
    return (
      <button
        type="button"
        className="m-2 mt-0 rounded-control px-2 py-1.5 text-left text-sm text-muted hover:bg-surface hover:text-ink"
        onClick={() => setOpen(true)}
        data-testid="card-add-open"
      >
        + {t('addCard')}
      </button>
    );
  const error = errorOf('title');
  return (
    <form onSubmit={submit} noValidate className="m-2 mt-0 flex flex-col gap-2" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <label htmlFor={id} className="sr-only">
        {t('cardTitle')}
      </label>
      <input
        id={id}
        autoFocus
        maxLength={CARD_TITLE_MAX}
        autoComplete="off"
        placeholder={t('cardTitle')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-control border border-line bg-surface px-2 py-1.5 text-sm focus-visible:border-accent"
        data-testid="card-add-title"
        {...form.register('title')}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-control bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-shade"
          data-testid="card-add-submit"
        >
          {t('add')}
        </button>
        <button type="button" className="rounded-control px-3 py-1.5 text-sm hover:bg-surface" onClick={() => setOpen(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
