'use client';

import { useId } from 'react';
import { rowButton } from '@/components/ui/buttons';
import { isOverdue } from '@/lib/boards/filters';
import type { BoardView, CardDetail } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';

type Props = { board: BoardView; card: CardDetail; may: BoardMay; today: string; patch: (json: Record<string, unknown>) => void };

const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/** Assignees (the project's members), the board's labels and the due day, each saved on change. */
export function CardFields({ board, card, may, today, patch }: Props) {
  const t = useText('boards');
  const id = useId();
  const overdue = isOverdue(card, today);
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-semibold">{t('assignees')}</legend>
        <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto">
          {board.members.map((m) => (
            <li key={m.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  disabled={!may.update}
                  checked={card.assigneeIds.includes(m.id)}
                  onChange={(e) => patch({ assigneeIds: toggle(card.assigneeIds, m.id, e.target.checked) })}
                  data-testid="card-assignee"
                />
                <span className="break-words">{m.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-semibold">{t('labels')}</legend>
        {board.labels.length === 0 && <p className="text-sm text-muted">{t('noLabels')}</p>}
        <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto">
          {board.labels.map((l) => (
            <li key={l.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  disabled={!may.update}
                  checked={card.labelIds.includes(l.id)}
                  onChange={(e) => patch({ labelIds: toggle(card.labelIds, l.id, e.target.checked) })}
                  data-testid="card-label"
                />
                <span aria-hidden className="size-3 rounded-full" style={{ background: l.color }} />
                <span className="break-words">{l.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="min-w-0">
        <label htmlFor={`${id}-due`} className="mb-1 block text-sm font-semibold">
          {t('dueDate')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={`${id}-due`}
            type="date"
            disabled={!may.update}
            value={card.dueOn ?? ''}
            onChange={(e) => patch({ dueOn: e.target.value || null })}
            aria-describedby={overdue ? `${id}-overdue` : undefined}
            className="rounded-control border border-line bg-surface px-2 py-1.5 text-sm focus-visible:border-accent"
            data-testid="card-due"
          />
          {card.dueOn && may.update && (
            <button type="button" className={rowButton} onClick={() => patch({ dueOn: null })}>
              {t('clear')}
            </button>
          )}
        </div>
        {overdue && (
          <p id={`${id}-overdue`} className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
            {t('overdue')}
          </p>
        )}
      </div>
    </div>
  );
}
