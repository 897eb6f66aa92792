'use client';

import { useId, useState, type FocusEvent, type FormEvent } from 'react';
import { CARD_TITLE_MAX } from '@/lib/boards/limits';
import { FieldError } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { ApiError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { useCardWrite } from './use-board-writes';

/** "Add card" at a column's foot: a title, Enter to add, Escape to close. */
export function AddCard({ boardId, columnId }: { boardId: string; columnId: string }) {
  const t = useText('boards');
  const id = useId();
  const [open, setOpen] = useState(false);
  const write = useCardWrite(boardId);
  const { form, submit, errorOf } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.cardSchema), {
    defaultValues: { columnId, title: '' },
    onSubmit: () => Promise.resolve(),
  });
  // The box clears the moment Enter is pressed, before any check or answer: whatever is
  // typed next is the next card's title, never wiped by a request finishing late. The
  // server checks the title; a refusal puts it back (if the box is still empty) with why.
  const add = (event: FormEvent<HTMLFormElement>) => {
    const value = form.getValues('title') ?? '';
    if (!value.trim()) return submit(event);
    event.preventDefault();
    form.reset({ columnId, title: '' });
    form.setFocus('title');
    write.mutateAsync({ path: 'cards', method: 'POST', json: { columnId, title: value } }).catch((error: unknown) => {
      if (form.getValues('title')) return;
      form.setValue('title', value);
      if (error instanceof ApiError && error.fields.title) form.setError('title', { type: 'server', message: error.fields.title });
    });
  };
  const title = form.register('title');
  const close = () => {
    form.reset({ columnId, title: '' });
    setOpen(false);
  };
  // Focus leaving the box with nothing typed closes it: there is nothing to keep or to complain about.
  const leftEmpty = (e: FocusEvent<HTMLElement>) =>
    !e.currentTarget.closest('form')?.contains(e.relatedTarget as Node | null) && !(form.getValues('title') ?? '').trim();
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
    <form
      onSubmit={add}
      noValidate
      className="m-2 mt-0 flex flex-col gap-2"
      onKeyDown={(e) => e.key === 'Escape' && close()}
      onBlur={(e) => leftEmpty(e) && close()}
    >
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
        {...title}
        onBlur={(e) => (leftEmpty(e) ? close() : title.onBlur(e))}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-control bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-shade"
          data-testid="card-add-submit"
        >
          {t('add')}
        </button>
        <button type="button" className="rounded-control px-3 py-1.5 text-sm hover:bg-surface" onClick={close}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
