'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import type { BoardView, CardView } from '@/lib/boards/types';
import { CardMeta, LabelChips } from './card-meta';

type FaceProps = { board: BoardView; card: CardView; today: string; lifted?: boolean };

/** What a card shows: its labels, title and meta. */
export function CardFace({ board, card, today, lifted = false }: FaceProps) {
  return (
    <div className={`flex flex-col gap-1.5 rounded-control border border-line bg-surface p-2.5 text-sm shadow-card ${lifted ? 'rotate-1 shadow-overlay' : ''}`}>
      <LabelChips board={board} ids={card.labelIds} />
      <span className="font-medium break-words">{card.title}</span>
      <CardMeta board={board} card={card} today={today} />
    </div>
  );
}

/**
 * A card in its column: a sortable button. Click or Enter opens it; Space lifts it for a
 * keyboard move (dnd-kit's keyboard sensor), a pointer drag moves it.
 */
export function CardTile({ board, card, today, canMove, onOpen }: FaceProps & { canMove: boolean; onOpen: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, disabled: !canMove });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && !isDragging) {
      e.preventDefault();
      onOpen(card.id);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(card.id)}
      aria-label={card.title}
      // Not selectable: a mouse drag starts on the card's text, and before the drag takes over
      // (5 px, or while the page is still loading) the browser would select that text instead.
      className={`cursor-pointer rounded-control outline-offset-2 select-none [-webkit-touch-callout:none] focus-visible:outline-2 focus-visible:outline-accent ${isDragging ? 'opacity-40' : ''}`}
      data-testid="card"
      data-card-id={card.id}
    >
      <CardFace board={board} card={card} today={today} />
    </div>
  );
}
