'use client';

import { useQuery } from '@tanstack/react-query';
import { Provider, useAtom, useAtomValue, useStore } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import dynamic from 'next/dynamic';
import type { KeyboardEvent } from 'react';
import { boardModeAtom, laneChoicesAtom, openCardAtom, selectedCardsAtom } from '@/lib/boards/atoms';
import { LANE_BYS, type LaneBy } from '@/lib/boards/lanes';
import { boardQuery } from '@/lib/boards/queries';
import type { BoardView } from '@/lib/boards/types';
import { ArchivedCards } from './ArchivedCards';
import { BoardToolbar } from './BoardToolbar';
import { BulkBar } from './BulkBar';
import { CardList } from './CardList';
import { Kanban } from './Kanban';
import { useBoardEvents } from './use-board-events';
import { useVisibleCards } from './use-visible-cards';

// The card dialog is a chunk of its own, fetched when a card is first opened.
const CardDialog = dynamic(() => import('./CardDialog').then((m) => m.CardDialog), { ssr: false });

export type BoardViewer = { id: string; timeZone: string | null };
export type BoardMay = { update: boolean; delete: boolean };
type Props = { initial: BoardView; viewer: BoardViewer; may: BoardMay; openCard?: string | null };

/** The board page: its own jotai store, so filters and the view start fresh on every board (with the linked card open). */
export function BoardScreen(props: Props) {
  return (
    <Provider>
      <OpenLinkedCard id={props.openCard ?? null} />
      <BoardContent {...props} />
    </Provider>
  );
}

function OpenLinkedCard({ id }: { id: string | null }) {
  useHydrateAtoms([[openCardAtom, id]]);
  return null;
}

/** The viewer's swimlane choice for this board, remembered in this browser. */
function useLaneBy(viewerId: string, boardId: string): [LaneBy, (by: LaneBy) => void] {
  const [choices, setChoices] = useAtom(laneChoicesAtom);
  const key = `${viewerId}:${boardId}`;
  const chosen = choices[key];
  return [LANE_BYS.includes(chosen) ? chosen : 'none', (by) => setChoices((all) => ({ ...all, [key]: by }))];
}

function BoardContent({ initial, viewer, may }: Props) {
  const { data: board } = useQuery({ ...boardQuery(initial.id), initialData: initial });
  useBoardEvents(initial.id);
  const mode = useAtomValue(boardModeAtom);
  const [openCard, setOpenCard] = useAtom(openCardAtom);
  const { cards, today } = useVisibleCards(board, viewer.timeZone);
  const [laneBy, setLaneBy] = useLaneBy(viewer.id, board.id);
  // Read, not subscribed: a click that selects a card re-renders that tile and the bar, not the board.
  const store = useStore();
  // Escape clears the selection, unless something nearer used it (a drag cancelled, a dialog or a list closed).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented && store.get(selectedCardsAtom).size > 0) store.set(selectedCardsAtom, new Set<string>());
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" onKeyDown={onKeyDown}>
      <h1 className="text-2xl font-bold break-words" data-testid="board-title">
        {board.name}
      </h1>
      <BoardToolbar board={board} may={may} laneBy={laneBy} onLaneBy={setLaneBy} />
      {mode === 'board' && <Kanban board={board} cards={cards} today={today} may={may} onOpen={setOpenCard} laneBy={laneBy} />}
      {mode === 'board' && may.update && <BulkBar board={board} cards={cards} />}
      {mode === 'list' && <CardList board={board} cards={cards} today={today} onOpen={setOpenCard} />}
      {mode === 'archived' && <ArchivedCards board={board} may={may} onOpen={setOpenCard} />}
      {openCard && <CardDialog board={board} cardId={openCard} viewer={viewer} may={may} today={today} onClose={() => setOpenCard(null)} />}
    </div>
  );
}
