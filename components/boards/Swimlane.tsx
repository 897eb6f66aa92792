'use client';

import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useId } from 'react';
import { cardOfItem, laneItemId, type Lane } from '@/lib/boards/lanes';
import type { BoardView, CardView, ColumnView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { ColumnCards } from './ColumnCards';

type Props = {
  board: BoardView;
  lane: Lane;
  /** The lane's name as shown ("No assignee" for the lane of cards with none). */
  name: string;
  columns: ColumnView[];
  /** Every cell's sortable ids, in drag order. */
  items: Record<string, string[]>;
  byId: Map<string, CardView>;
  today: string;
  may: BoardMay;
  onOpen: (id: string) => void;
};

/** One swimlane: its name and count, then a cell per column, each a drop target of its own. */
export function Swimlane({ board, lane, name, columns, items, byId, today, may, onOpen }: Props) {
  const t = useText('boards');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="lane" data-lane={lane.key}>
      {/* Sticky: the lane's name stays in view while its cells scroll sideways. */}
      <header className="sticky left-0 flex max-w-[85vw] items-center gap-2">
        {lane.color && <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ background: lane.color }} />}
        <h2 id={headingId} className="font-semibold break-words">
          {name}
        </h2>
        <span className="text-xs text-muted">{t('lanes.count', { count: lane.cards.length })}</span>
      </header>
      <div className="flex gap-3">
        {columns.map((column) => (
          <LaneCell
            key={column.id}
            board={board}
            column={column}
            laneName={name}
            cell={laneItemId(lane.key, column.id)}
            ids={items[laneItemId(lane.key, column.id)] ?? []}
            byId={byId}
            today={today}
            may={may}
            onOpen={onOpen}
          />
        ))}
        {columns.length === 0 && <p className="text-muted">{t('noColumns')}</p>}
      </div>
    </section>
  );
}

type CellProps = Omit<Props, 'lane' | 'name' | 'columns' | 'items'> & { column: ColumnView; laneName: string; cell: string; ids: string[] };

function LaneCell({ board, column, laneName, cell, ids, byId, today, may, onOpen }: CellProps) {
  const t = useText('boards');
  const { setNodeRef, isOver } = useDroppable({ id: cell });
  return (
    <section
      ref={setNodeRef}
      aria-label={t('lanes.cell', { column: column.name, lane: laneName })}
      className={`flex w-72 max-w-[85vw] shrink-0 flex-col rounded-card border bg-surface-2 ${isOver ? 'border-accent' : 'border-line'}`}
      data-testid="lane-cell"
      data-column-id={column.id}
    >
      <p className="px-3 pt-2 pb-1 text-xs font-semibold text-muted">
        {column.name} · {t('cardCount', { count: ids.length })}
      </p>
      <SortableContext id={cell} items={ids} strategy={verticalListSortingStrategy}>
        <ColumnCards board={board} ids={ids} byId={byId} today={today} canMove={may.update} onOpen={onOpen} emptyText={t('emptyColumn')} cardOf={cardOfItem} />
      </SortableContext>
    </section>
  );
}
