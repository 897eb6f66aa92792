'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { isOverdue } from '@/lib/boards/filters';
import type { BoardView, CardView } from '@/lib/boards/types';
import { useLocale, useText } from '@/lib/i18n/client';
import { formatDay, LabelChips } from './card-meta';

type Props = { board: BoardView; cards: CardView[]; today: string; onOpen: (id: string) => void };
const ROW_PX = 52;

/**
 * The same cards as a list, column by column in board order: one row per card (title,
 * column, assignees, labels, due day, checklist). Long lists draw only the rows in view.
 */
export function CardList({ board, cards, today, onOpen }: Props) {
  const t = useText('boards');
  const locale = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => new Map(board.columns.map((c, i) => [c.id, { name: c.name, at: i }])), [board.columns]);
  const rows = useMemo(() => [...cards].sort((a, b) => (columns.get(a.columnId)?.at ?? 0) - (columns.get(b.columnId)?.at ?? 0)), [cards, columns]);
  const members = useMemo(() => new Map(board.members.map((m) => [m.id, m.name])), [board.members]);
  // The virtualizer's getters change on every scroll by design; this component re-renders with them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
    getItemKey: (i) => rows[i].id,
  });
  if (!rows.length) return <p className="text-muted">{t('noCards')}</p>;
  return (
    <div ref={scroller} className="max-h-[70vh] overflow-y-auto rounded-card border border-line" data-testid="card-list">
      <ul aria-label={t('views.list')} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const card = rows[item.index];
          const overdue = isOverdue(card, today);
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="absolute top-0 left-0 w-full border-b border-line"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <button
                type="button"
                onClick={() => onOpen(card.id)}
                className="grid w-full grid-cols-1 gap-1 px-3 py-2 text-left text-sm hover:bg-surface-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-center sm:gap-3"
                data-testid="list-row"
              >
                <span className="font-medium break-words">{card.title}</span>
                <span className="text-muted">{columns.get(card.columnId)?.name}</span>
                <span className="truncate text-muted">
                  {card.assigneeIds
                    .map((id) => members.get(id))
                    .filter(Boolean)
                    .join(', ')}
                </span>
                <LabelChips board={board} ids={card.labelIds} />
                <span className={overdue ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted'}>
                  {card.dueOn ? (overdue ? t('overdueOn', { date: formatDay(card.dueOn, locale) }) : formatDay(card.dueOn, locale)) : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
