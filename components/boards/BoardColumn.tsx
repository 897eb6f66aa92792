'use client';

import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { rowButton } from '@/components/ui/buttons';
import type { BoardView, CardView, ColumnView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import { AddCard } from './AddCard';
import type { BoardMay } from './BoardScreen';
import { ColumnCards } from './ColumnCards';

const ColumnDialog = dynamic(() => import('./ColumnDialog').then((m) => m.ColumnDialog), { ssr: false });

type Props = {
  board: BoardView;
  column: ColumnView;
  /** The cards shown (filtered, in drag order). */
  ids: string[];
  byId: Map<string, CardView>;
  /** Every open card in the column, filtered or not: what the WIP limit counts. */
  total: number;
  today: string;
  may: BoardMay;
  onOpen: (id: string) => void;
};

/** One column: its name, count against its WIP limit (a warning past it), its cards and "Add card". */
export function BoardColumn({ board, column, ids, byId, total, today, may, onOpen }: Props) {
  const t = useText('boards');
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const [editing, setEditing] = useState(false);
  const over = column.wipLimit !== null && total > column.wipLimit;
  const full = column.wipLimit !== null && total >= column.wipLimit;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`flex w-72 max-w-[85vw] shrink-0 snap-start flex-col rounded-card border bg-surface-2 ${isOver ? 'border-accent' : 'border-line'}`}
      data-testid="column"
      data-column-id={column.id}
    >
      <header className="flex items-start justify-between gap-2 px-3 pt-3 pb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold break-words">
            {column.name}
          </h2>
          <p className={`text-xs ${over ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-muted'}`} data-testid="column-count">
            {column.wipLimit === null ? t('cardCount', { count: total }) : t('wipCount', { count: total, limit: column.wipLimit })}
            {over && <span data-testid="wip-over"> · {t('wipExceeded')}</span>}
            {!over && full && column.wipHard && <span> · {t('wipFull')}</span>}
          </p>
        </div>
        {may.update && (
          <button
            type="button"
            className={rowButton}
            onClick={() => setEditing(true)}
            aria-label={t('editColumnLabel', { name: column.name })}
            data-testid="column-edit"
          >
            {t('edit')}
          </button>
        )}
      </header>
      <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
        <ColumnCards board={board} ids={ids} byId={byId} today={today} canMove={may.update} onOpen={onOpen} emptyText={t('emptyColumn')} />
      </SortableContext>
      {may.update && <AddCard boardId={board.id} columnId={column.id} />}
      {editing && <ColumnDialog board={board} column={column} onClose={() => setEditing(false)} />}
    </section>
  );
}
