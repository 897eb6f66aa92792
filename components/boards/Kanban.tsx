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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cardOfItem, groupIntoLanes, laneItemId, laneOfItem, NO_LANE, type LaneBy } from '@/lib/boards/lanes';
import { laneAfterId } from '@/lib/boards/selection';
import type { BoardView, CardView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { BoardColumn } from './BoardColumn';
import { CardFace } from './CardTile';
import { CardPickerContext, useCardPicker } from './selection';
import { Swimlane } from './Swimlane';
import { useMoveCard } from './use-board-writes';

type Items = Record<string, string[]>;
type Props = { board: BoardView; cards: CardView[]; today: string; may: BoardMay; onOpen: (id: string) => void; laneBy?: LaneBy };
const same = (id: string) => id;

const columnOf = (items: Items, id: UniqueIdentifier) => (String(id) in items ? String(id) : Object.keys(items).find((k) => items[k].includes(String(id))));

/**
 * The columns side by side with drag and drop (pointer, touch and keyboard: focus a card,
 * Space to lift, arrows to move, Space to drop, Escape to cancel). While a card is dragged
 * its place is kept here; on drop one move is saved (the card and the card before it).
 */
export function Kanban({ board, cards, today, may, onOpen, laneBy = 'none' }: Props) {
  const t = useText('boards');
  const move = useMoveCard(board.id);
  const columns = useMemo(() => board.columns.filter((c) => !c.archived), [board.columns]);
  // Swimlanes: each lane has a cell per column (`lane|column`), holding the lane's copies of its cards (`lane|card`).
  const lanes = useMemo(() => (laneBy === 'none' ? null : groupIntoLanes(board, cards, laneBy)), [board, cards, laneBy]);
  const cardOf = lanes ? cardOfItem : same;
  const columnOfContainer = lanes ? cardOfItem : same;
  const rows = useMemo(() => (lanes ? lanes.map((l) => columns.map((c) => laneItemId(l.key, c.id))) : [columns.map((c) => c.id)]), [lanes, columns]);
  const base = useMemo(() => {
    const items: Items = Object.fromEntries(rows.flat().map((id) => [id, []]));
    if (lanes) for (const lane of lanes) for (const card of lane.cards) items[laneItemId(lane.key, card.columnId)]?.push(laneItemId(lane.key, card.id));
    else for (const card of cards) items[card.columnId]?.push(card.id);
    return items;
  }, [rows, lanes, cards]);
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
  const picker = useCardPicker(useCallback(() => Object.values(dragRef.current?.items ?? baseRef.current).map((l) => l.map(cardOf)), [cardOf]));
  const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
    if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const { active, droppableRects, collisionRect } = args.context;
    if (!active || !collisionRect) return undefined;
    const now = dragRef.current?.items ?? baseRef.current;
    const container = columnOf(now, active.id) ?? '';
    // Within the card's own row of cells (its swimlane).
    const order = rows.find((r) => r.includes(container)) ?? [];
    const from = order.indexOf(container);
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
    const column = columns.find((c) => c.id === columnOfContainer(String(id)));
    if (!column || !(String(id) in base)) return byId.get(cardOf(String(id)))?.title ?? '';
    const lane = lanes?.find((l) => l.key === laneOfItem(String(id)));
    return lane ? t('lanes.cell', { column: column.name, lane: laneName(lane) }) : column.name;
  };
  const laneName = (lane: { id: string | null; name: string }) => (lane.id ? lane.name : t(laneBy === 'label' ? 'lanes.noLabel' : 'lanes.noAssignee'));
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
    const card = byId.get(cardOf(String(active.id)));
    if (!over || !current || !card) return;
    const container = columnOf(current.items, active.id);
    if (!container) return;
    let list = current.items[container];
    if (columnOf(current.items, over.id) === container && over.id !== container)
      list = arrayMove(list, list.indexOf(String(active.id)), list.indexOf(String(over.id)));
    const columnId = columnOfContainer(container);
    const was = (lanes ? cards.filter((c) => c.columnId === card.columnId).map((c) => c.id) : base[card.columnId]) ?? [];
    const wasAt = was.indexOf(card.id);
    const wasAfter = wasAt > 0 ? was[wasAt - 1] : null;
    if (!lanes) {
      const at = list.indexOf(card.id);
      const afterId = at > 0 ? list[at - 1] : null;
      if (columnId === card.columnId && afterId === wasAfter) return;
      move.mutate({ cardId: card.id, columnId, afterId });
      return;
    }
    const column = cards.filter((c) => c.columnId === columnId).map((c) => c.id);
    const afterId = laneAfterId(column, list.map(cardOfItem), card.id, columnId === card.columnId);
    const [from, to] = [laneOfItem(String(active.id)), laneOfItem(container)];
    const lane = from === to || laneBy === 'none' ? undefined : { by: laneBy, from: from === NO_LANE ? null : from, to: to === NO_LANE ? null : to };
    if (!lane && columnId === card.columnId && afterId === wasAfter) return;
    move.mutate({ cardId: card.id, columnId, afterId, lane });
  }

  const active = drag ? byId.get(cardOf(drag.id)) : undefined;
  return (
    <CardPickerContext value={may.update ? picker : null}>
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
        {lanes ? (
          <div className="-mx-1 overflow-x-auto px-1 pb-3" data-testid="lanes">
            <div className="flex w-max min-w-full flex-col gap-4">
              {lanes.map((lane) => (
                <Swimlane
                  key={lane.key}
                  board={board}
                  lane={lane}
                  name={laneName(lane)}
                  columns={columns}
                  items={items}
                  byId={byId}
                  today={today}
                  may={may}
                  onOpen={onOpen}
                />
              ))}
            </div>
          </div>
        ) : (
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
        )}
        <DragOverlay>{active ? <CardFace board={board} card={active} today={today} lifted /> : null}</DragOverlay>
      </DndContext>
    </CardPickerContext>
  );
}
