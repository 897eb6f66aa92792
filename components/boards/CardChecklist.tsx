'use client';

import { useId, useState } from 'react';
import { rowButton } from '@/components/ui/buttons';
import { CHECKLIST_MAX, CHECKLIST_TEXT_MAX } from '@/lib/boards/limits';
import type { CardDetail } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { randomUuid } from '@/lib/shell/random-uuid';

type Props = { card: CardDetail; may: BoardMay; patch: (json: Record<string, unknown>) => void };

/** The checklist: tick, remove, add. The list is saved whole (it is small and kept on the card). */
export function CardChecklist({ card, may, patch }: Props) {
  const t = useText('boards');
  const id = useId();
  const [text, setText] = useState('');
  const items = card.checklistItems;
  const save = (next: typeof items) => patch({ checklist: next });
  const add = () => {
    const value = text.trim();
    if (!value || items.length >= CHECKLIST_MAX) return;
    save([...items, { id: randomUuid(), text: value, done: false }]);
    setText('');
  };
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="font-semibold">
        {t('checklist')}{' '}
        {items.length > 0 && (
          <span className="text-sm font-normal text-muted">({t('checklistCount', { done: items.filter((i) => i.done).length, total: items.length })})</span>
        )}
      </h3>
      <ul className="flex flex-col gap-1" data-testid="checklist">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2 text-sm">
            <label className="flex grow items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={item.done}
                disabled={!may.update}
                onChange={(e) => save(items.map((i) => (i.id === item.id ? { ...i, done: e.target.checked } : i)))}
              />
              <span className={`break-words ${item.done ? 'text-muted line-through' : ''}`}>{item.text}</span>
            </label>
            {may.update && (
              <button
                type="button"
                className={rowButton}
                aria-label={t('removeItem', { name: item.text })}
                onClick={() => save(items.filter((i) => i.id !== item.id))}
              >
                {t('remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {may.update && items.length < CHECKLIST_MAX && (
        <div className="flex gap-2">
          <label htmlFor={`${id}-new`} className="sr-only">
            {t('newItem')}
          </label>
          <input
            id={`${id}-new`}
            value={text}
            maxLength={CHECKLIST_TEXT_MAX}
            placeholder={t('newItem')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            className="min-w-0 grow rounded-control border border-line bg-surface px-2 py-1.5 text-sm focus-visible:border-accent"
            data-testid="checklist-new"
          />
          <button type="button" className={rowButton} onClick={add}>
            {t('add')}
          </button>
        </div>
      )}
    </section>
  );
}
