'use client';

import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

type Item = { id: string };

function Row({ id, handleLabel, disabled, children }: { id: string; handleLabel: string; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-2 rounded-card border border-line bg-surface p-3 ${isDragging ? 'opacity-70 shadow-overlay' : ''}`}
      data-testid="photomagik-row"
    >
      {!disabled && (
        // The handle takes the keyboard too: Space lifts, arrows move, Space drops, Escape cancels.
        <button type="button" className="cursor-grab rounded px-1 text-muted hover:bg-surface-2" aria-label={handleLabel} {...attributes} {...listeners}>
          ⠿
        </button>
      )}
      {children}
    </li>
  );
}

/** A list the viewer may reorder by dragging (or with the keyboard); `onMove` gets the new order of ids. */
export function SortableList<T extends Item>({
  items,
  canMove,
  handleLabel,
  onMove,
  render,
  testId,
}: {
  items: T[];
  canMove: boolean;
  handleLabel: (item: T) => string;
  onMove: (ids: string[]) => void;
  render: (item: T) => ReactNode;
  testId: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onMove(arrayMove(items, from, to).map((i) => i.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul className="space-y-2" data-testid={testId}>
          {items.map((item) => (
            <Row key={item.id} id={item.id} handleLabel={handleLabel(item)} disabled={!canMove}>
              {render(item)}
            </Row>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
