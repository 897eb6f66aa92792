'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idsAfterLaneMove } from '@/lib/boards/lanes';
import { boardsKeys } from '@/lib/boards/queries';
import type { CardBulk, LaneMove } from '@/lib/boards/schemas';
import type { BoardView, CardView } from '@/lib/boards/types';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { placeCard, putCard } from './cache';

type CardWrite = { card: CardView; wipExceeded: boolean };

/** A soft WIP limit lets the card in and says so. */
function warnIfOver(res: CardWrite, board: BoardView | undefined, text: (name: string, limit: number) => string) {
  if (!res.wipExceeded || !board) return;
  const column = board.columns.find((c) => c.id === res.card.columnId);
  if (column?.wipLimit) alerts.push({ type: 'warning', title: text(column.name, column.wipLimit) });
}

type Move = { cardId: string; columnId: string; afterId: string | null; lane?: LaneMove };

/** A swimlane move's new assignees or labels, shown before the server answers. */
function withLane(board: BoardView, cardId: string, lane: LaneMove | undefined): BoardView {
  if (!lane) return board;
  const field = lane.by === 'assignee' ? 'assigneeIds' : 'labelIds';
  return { ...board, cards: board.cards.map((c) => (c.id === cardId ? { ...c, [field]: idsAfterLaneMove(c[field], lane.from, lane.to) } : c)) };
}

/** One action on the selected cards: each card's new state lands in the cache, the server's message is shown. */
export function useBulkCards(boardId: string) {
  const client = useQueryClient();
  const t = useText('boards');
  const te = useText('errors');
  return useMutation({
    mutationFn: (json: CardBulk) => api<{ cards: CardView[]; wipExceeded: boolean; message: string }>(`boards/${boardId}/cards/bulk`, { json }),
    onError: (error) => showError(error, te),
    onSuccess: (res, input) => {
      for (const card of res.cards) putCard(client, boardId, card);
      alerts.push({ type: 'success', title: res.message });
      const board = client.getQueryData<BoardView>(boardsKeys.board(boardId));
      const column = input.action === 'move' ? board?.columns.find((c) => c.id === input.columnId) : undefined;
      if (res.wipExceeded && column?.wipLimit) alerts.push({ type: 'warning', title: t('wipOver', { column: column.name, limit: column.wipLimit }) });
    },
  });
}

/**
 * Moves a card at once in the cache (the same rank rule as the server), saves it, and takes
 * the server's answer as the truth; a refused move (a hard WIP limit) is rolled back with
 * the server's message.
 */
export function useMoveCard(boardId: string) {
  const client = useQueryClient();
  const t = useText('boards');
  const te = useText('errors');
  const key = boardsKeys.board(boardId);
  return useMutation({
    mutationFn: ({ cardId, columnId, afterId, lane }: Move) => api<CardWrite>(`boards/${boardId}/cards/${cardId}/move`, { json: { columnId, afterId, lane } }),
    onMutate: async ({ cardId, columnId, afterId, lane }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<BoardView>(key);
      if (before) client.setQueryData<BoardView>(key, withLane(placeCard(before, cardId, columnId, afterId), cardId, lane));
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      showError(error, te);
    },
    onSuccess: (res) => {
      putCard(client, boardId, res.card);
      warnIfOver(res, client.getQueryData<BoardView>(key), (column, limit) => t('wipOver', { column, limit }));
    },
  });
}

/** Any card write answered with the card's new state: title, fields, archive, a new card. */
export function useCardWrite(boardId: string) {
  const client = useQueryClient();
  const t = useText('boards');
  const te = useText('errors');
  return useMutation({
    mutationFn: ({ path, method = 'PATCH', json }: { path: string; method?: string; json: unknown }) =>
      api<CardWrite>(`boards/${boardId}/${path}`, { method, json }),
    onError: (error) => showError(error, te),
    onSuccess: async (res) => {
      putCard(client, boardId, res.card);
      warnIfOver(res, client.getQueryData<BoardView>(boardsKeys.board(boardId)), (column, limit) => t('wipOver', { column, limit }));
      await client.invalidateQueries({ queryKey: boardsKeys.card(boardId, res.card.id) });
    },
  });
}

/** Column and label writes: the board is read again (they change what every card shows). */
export function useBoardWrite(boardId: string) {
  const client = useQueryClient();
  const te = useText('errors');
  return useMutation({
    mutationFn: ({ path, method = 'POST', json }: { path: string; method?: string; json?: unknown }) =>
      api<{ message?: string }>(`boards/${boardId}${path}`, { method, json }),
    onError: (error) => showError(error, te),
    onSuccess: () => client.invalidateQueries({ queryKey: boardsKeys.boardAll(boardId) }),
  });
}
