'use client';

import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BoardView, CardView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { BoardColumn } from './BoardColumn';
import { CardFace } from './CardTile';
import { useMoveCard } from './use-board-writes';

type Items = Record<string, string[]>;
type Props = { board: BoardView; cards: CardView[]; today: string; may: BoardMay; onOpen: (id: string) => void };

const columnOf = (items: Items, id: UniqueIdentifier) => (String(id) in items ? String(id) : Object.keys(items).find((k) => items[k].includes(String(id))));

/**
 * The columns side by side with drag and drop (pointer, touch and keyboard: focus a card,
 * Space to lift, arrows to move, Space to drop, Escape to cancel). While a card is dragged
 * its place is kept here; on drop one move is saved (the card and the card before it).
 */
export function Kanban({ board, cards, today, may, onOpen }: Props) {
  const t = useText('boards');
  const move = useMoveCard(board.id);
  const columns = useMemo(() => board.columns.filter((c) => !c.archived), [board.columns]);
  const base = useMemo(() => {
    const items: Items = Object.fromEntries(columns.map((c) => [c.id, []]));
    for (const card of cards) items[card.columnId]?.push(card.id);
    return items;
  }, [columns, cards]);
  const totals = useMemo(() => {
    const n: Record<string, number> = {};
    for (const card of board.cards) n[card.columnId] = (n[card.columnId] ?? 0) + 1;
    return n;
  }, [board.cards]);
  const byId = useMemo(() => new Map(board.cards.map((c) => [c.id, c])), [board.cards]);
  type Drag = { id: string; items: Items };
  const [drag, setDragState] = useState<Drag | null>(null);
  // The handlers read the drag from a ref: keys pressed in quick succession (lift, move, drop)
  // arrive before React has rendered the previous step.
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const items = drag?.items ?? base;

  // Left and right go to the neighbouring column, onto its card nearest in height (or into it
  // when empty); up and down move within the column as dnd-kit's sortable lists do.
  const baseRef = useRef(base);
  useEffect(() => {
    baseRef.current = base;
  });
  const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
    if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const { active, droppableRects, collisionRect } = args.context;
    if (!active || !collisionRect) return undefined;
    const order = columns.map((c) => c.id);
    const now = dragRef.current?.items ?? baseRef.current;
    const from = order.indexOf(columnOf(now, active.id) ?? '');
    const to = order[from + (event.code === 'ArrowRight' ? 1 : -1)];
    const column = to ? droppableRects.get(to) : undefined;
    if (!to || !column) return undefined;
    const cards = (now[to] ?? []).map((id) => droppableRects.get(id)).filter((r) => r !== undefined);
    const nearest = cards.sort((a, b) => Math.abs(a.top - collisionRect.top) - Math.abs(b.top - collisionRect.top))[0];
    return nearest ? { x: nearest.left, y: nearest.top } : { x: column.left + 8, y: column.top + 56 };
  };

  const sensors = useSensors(
    // A click (less than 5 px of travel) opens the card instead of dragging it.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Enter opens the card; Space lifts and drops.
    useSensor(KeyboardSensor, {
      coordinateGetter,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const nameOf = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return '';
    const column = columns.find((c) => c.id === id);
    return column ? column.name : (byId.get(String(id))?.title ?? '');
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { card: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dnd.over', { card: nameOf(active.id), column: nameOf(columnOf(items, over.id)) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dnd.dropped', { card: nameOf(active.id), column: nameOf(columnOf(items, over.id)) }) : t('dnd.cancelled')),
    onDragCancel: () => t('dnd.cancelled'),
  };

  function onDragOver({ active, over }: DragOverEvent) {
    const drag = dragRef.current;
    if (!over || !drag) return;
    const from = columnOf(drag.items, active.id);
    const to = columnOf(drag.items, over.id);
    if (!from || !to || from === to) return;
    const next = { ...drag.items, [from]: drag.items[from].filter((x) => x !== active.id) };
    const at = next[to].indexOf(String(over.id));
    next[to] = [...next[to].slice(0, at >= 0 ? at : next[to].length), String(active.id), ...next[to].slice(at >= 0 ? at : next[to].length)];
    setDrag({ ...drag, items: next });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const current = dragRef.current;
    setDrag(null);
    const card = byId.get(String(active.id));
    if (!over || !current || !card) return;
    const column = columnOf(current.items, active.id);
    if (!column) return;
    let list = current.items[column];
    if (columnOf(current.items, over.id) === column && over.id !== column)
      list = arrayMove(list, list.indexOf(String(active.id)), list.indexOf(String(over.id)));
    const at = list.indexOf(card.id);
    const afterId = at > 0 ? list[at - 1] : null;
    const was = base[card.columnId] ?? [];
    const wasAt = was.indexOf(card.id);
    if (column === card.columnId && afterId === (wasAt > 0 ? was[wasAt - 1] : null)) return;
    move.mutate({ cardId: card.id, columnId: column, afterId });
  }

  const active = drag ? byId.get(drag.id) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      // A card crossing into another column changes both columns' layout: measure while dragging,
      // or the stale rects send the card straight back.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      onDragStart={({ active: a }) => setDrag({ id: String(a.id), items: base })}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
    >
      <div className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-3" data-testid="kanban">
        {columns.map((column) => (
          <BoardColumn
            key={column.id}
            board={board}
            column={column}
            ids={items[column.id] ?? []}
            byId={byId}
            total={totals[column.id] ?? 0}
            today={today}
            may={may}
            onOpen={onOpen}
          />
        ))}
        {columns.length === 0 && <p className="text-muted">{t('noColumns')}</p>}
      </div>
      <DragOverlay>{active ? <CardFace board={board} card={active} today={today} lifted /> : null}</DragOverlay>
    </DndContext>
  );
}
