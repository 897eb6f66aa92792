'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { BoardView, CardView } from '@/lib/boards/types';
import { CardTile } from './CardTile';

/** Past this many cards a column draws only what is in view (a board of 1,000 cards scrolls smoothly). */
export const VIRTUALIZE_FROM = 40;
const ESTIMATED_CARD_PX = 84;

type Props = {
  board: BoardView;
  /** Sortable ids: card ids, or (in a swimlane) the lane's copies of them. */
  ids: string[];
  byId: Map<string, CardView>;
  today: string;
  canMove: boolean;
  onOpen: (id: string) => void;
  emptyText: string;
  /** In a swimlane: turns a sortable id into its card's id. */
  cardOf?: (id: string) => string;
};

const same = (id: string) => id;

const LIST = 'flex max-h-[65vh] min-h-16 flex-col gap-2 overflow-y-auto px-2 pb-2';

export function ColumnCards(props: Props) {
  if (props.ids.length === 0)
    return (
      <div className={LIST}>
        <p className="px-1 py-3 text-center text-xs text-muted">{props.emptyText}</p>
      </div>
    );
  return props.ids.length >= VIRTUALIZE_FROM ? <VirtualCards {...props} /> : <PlainCards {...props} />;
}

function PlainCards({ board, ids, byId, today, canMove, onOpen, cardOf = same }: Props) {
  return (
    <div className={LIST} data-testid="column-cards">
      {ids.map((id) => {
        const card = byId.get(cardOf(id));
        return card ? <CardTile key={id} sortId={id} board={board} card={card} today={today} canMove={canMove} onOpen={onOpen} /> : null;
      })}
    </div>
  );
}

/** Only the cards in view (plus a few either side) are in the page; each is measured as drawn. */
function VirtualCards({ board, ids, byId, today, canMove, onOpen, cardOf = same }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's getters change on every scroll by design; this component re-renders with them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 6,
    gap: 8,
    getItemKey: (i) => ids[i],
    // Before the column is measured (the first paint), draw what a column's height holds.
    initialRect: { width: 288, height: 600 },
  });
  return (
    <div ref={scroller} className="max-h-[65vh] overflow-y-auto px-2 pb-2" data-testid="column-cards" data-virtual="true">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const card = byId.get(cardOf(ids[item.index]));
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {card && <CardTile sortId={ids[item.index]} board={board} card={card} today={today} canMove={canMove} onOpen={onOpen} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
