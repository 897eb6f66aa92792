import type { QueryClient } from '@tanstack/react-query';
import { boardsKeys } from '@/lib/boards/queries';
import { rankBetween } from '@/lib/boards/rank';
import type { BoardView, CardView } from '@/lib/boards/types';
import { applyLive } from '@/lib/query/live';

// How a card's new state (from a write's answer or a socket event) lands in the cached board.

const byRank = (a: CardView, b: CardView) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0);

/** Puts the card into the open or the archived list it now belongs to, and out of the other. An older state than the cached one is ignored. */
export function putCard(client: QueryClient, boardId: string, card: CardView): void {
  for (const archived of [false, true]) {
    applyLive<BoardView>(
      client,
      boardsKeys.board(boardId, archived),
      (board) => {
        if (!board) return board;
        const cached = board.cards.find((c) => c.id === card.id);
        if (cached && cached.updatedAt > card.updatedAt) return board;
        const others = board.cards.filter((c) => c.id !== card.id);
        return { ...board, cards: card.archived === archived ? [...others, card].sort(byRank) : others };
      },
      true,
    );
  }
}

/** The optimistic place of a move: right after `afterId` in the column, by the same rank rule as the server. */
export function placeCard(board: BoardView, cardId: string, columnId: string, afterId: string | null): BoardView {
  const column = board.cards.filter((c) => c.columnId === columnId && c.id !== cardId).sort(byRank);
  const at = afterId ? column.findIndex((c) => c.id === afterId) : -1;
  const lower = at >= 0 ? column[at].rank : null;
  const upper = column[at + 1]?.rank ?? null;
  const rank = rankBetween(lower, upper);
  return { ...board, cards: board.cards.map((c) => (c.id === cardId ? { ...c, columnId, rank } : c)).sort(byRank) };
}

/** The column's cards in board order. */
export const cardsOf = (board: BoardView, columnId: string) => board.cards.filter((c) => c.columnId === columnId);
