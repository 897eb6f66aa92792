'use client';

import { useQuery } from '@tanstack/react-query';
import { Provider, useAtom, useAtomValue } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import dynamic from 'next/dynamic';
import { boardModeAtom, openCardAtom } from '@/lib/boards/atoms';
import { boardQuery } from '@/lib/boards/queries';
import type { BoardView } from '@/lib/boards/types';
import { ArchivedCards } from './ArchivedCards';
import { BoardToolbar } from './BoardToolbar';
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

function BoardContent({ initial, viewer, may }: Props) {
  const { data: board } = useQuery({ ...boardQuery(initial.id), initialData: initial });
  useBoardEvents(initial.id);
  const mode = useAtomValue(boardModeAtom);
  const [openCard, setOpenCard] = useAtom(openCardAtom);
  const { cards, today } = useVisibleCards(board, viewer.timeZone);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-bold break-words" data-testid="board-title">
        {board.name}
      </h1>
      <BoardToolbar board={board} may={may} />
      {mode === 'board' && <Kanban board={board} cards={cards} today={today} may={may} onOpen={setOpenCard} />}
      {mode === 'list' && <CardList board={board} cards={cards} today={today} onOpen={setOpenCard} />}
      {mode === 'archived' && <ArchivedCards board={board} may={may} onOpen={setOpenCard} />}
      {openCard && <CardDialog board={board} cardId={openCard} viewer={viewer} may={may} today={today} onClose={() => setOpenCard(null)} />}
    </div>
  );
}
