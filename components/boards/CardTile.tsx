'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { BoardView, CardView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import { CardMeta, LabelChips } from './card-meta';
import { useAnySelected, useIsSelected, usePicker } from './selection';

type FaceProps = { board: BoardView; card: CardView; today: string; lifted?: boolean; selected?: boolean };

/** The cover at a fixed 16:9, fetched only as it nears the screen; the file is served after the board's access check. */
function CardCover({ board, card }: { board: BoardView; card: CardView }) {
  const t = useText('boards');
  if (!card.coverId) return null;
  return (
    <img
      src={`/api/boards/${board.id}/cards/${card.id}/files/${card.coverId}`}
      alt={t('cover.alt', { title: card.title })}
      loading="lazy"
      decoding="async"
      width={320}
      height={180}
      // The browser's own image drag would fight the card's.
      draggable={false}
      className="-mx-2.5 -mt-2.5 mb-1 aspect-video w-[calc(100%+1.25rem)] max-w-none rounded-t-control bg-surface-2 object-cover"
      data-testid="card-cover"
    />
  );
}

/** What a card shows: its cover, labels, title and meta. */
export function CardFace({ board, card, today, lifted = false, selected = false }: FaceProps) {
  return (
    <div
      className={`flex flex-col gap-1.5 overflow-hidden rounded-control border bg-surface p-2.5 text-sm shadow-card ${lifted ? 'rotate-1 shadow-overlay' : ''} ${selected ? 'border-accent ring-2 ring-accent' : 'border-line'}`}
    >
      <CardCover board={board} card={card} />
      <LabelChips board={board} ids={card.labelIds} />
      <span className="font-medium break-words">{card.title}</span>
      <CardMeta board={board} card={card} today={today} />
    </div>
  );
}

type TileProps = FaceProps & { canMove: boolean; onOpen: (id: string) => void; sortId?: string };

/**
 * A card in its column: a sortable button. Click or Enter opens it; Space lifts it for a
 * keyboard move (dnd-kit's keyboard sensor), a pointer drag moves it. Where cards can be
 * selected, X or Ctrl/⌘+click toggles it, Shift+click selects a range, and a checkbox beside
 * it (outside the button: controls inside a button are unreachable to assistive technology) does too.
 */
export function CardTile({ board, card, today, canMove, onOpen, sortId }: TileProps) {
  const t = useText('boards');
  const picker = usePicker();
  const selected = useIsSelected(card.id);
  const selecting = useAnySelected();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sortId ?? card.id,
    disabled: !canMove,
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && !isDragging) {
      e.preventDefault();
      onOpen(card.id);
      return;
    }
    if (picker && !isDragging && (e.key === 'x' || e.key === 'X') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      picker.pick(card.id, false);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  const onClick = (e: MouseEvent) => {
    if (picker && (e.shiftKey || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      picker.pick(card.id, e.shiftKey);
      return;
    }
    onOpen(card.id);
  };
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={`group relative ${isDragging ? 'opacity-40' : ''}`}>
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={onClick}
        aria-label={selected ? t('select.selected', { name: card.title }) : card.title}
        // Not selectable: a mouse drag starts on the card's text, and before the drag takes over
        // (5 px, or while the page is still loading) the browser would select that text instead.
        className="cursor-pointer rounded-control outline-offset-2 select-none [-webkit-touch-callout:none] focus-visible:outline-2 focus-visible:outline-accent"
        data-testid="card"
        data-card-id={card.id}
        data-selected={selected || undefined}
      >
        <CardFace board={board} card={card} today={today} selected={selected} />
      </div>
      {picker && (
        <input
          type="checkbox"
          // Out of the tab order: X on the focused card does the same without a second stop per card.
          tabIndex={-1}
          checked={selected}
          onChange={() => picker.pick(card.id, false)}
          aria-label={t('select.card', { name: card.title })}
          className={`absolute top-1.5 right-1.5 size-5 cursor-pointer accent-accent group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100 ${selecting ? 'opacity-100' : 'opacity-0'}`}
          data-testid="card-select"
        />
      )}
    </div>
  );
}
