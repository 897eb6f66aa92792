'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boardsKeys } from '@/lib/boards/queries';
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
    mutationFn: ({ cardId, columnId, afterId }: { cardId: string; columnId: string; afterId: string | null }) =>
      api<CardWrite>(`boards/${boardId}/cards/${cardId}/move`, { json: { columnId, afterId } }),
    onMutate: async ({ cardId, columnId, afterId }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<BoardView>(key);
      if (before) client.setQueryData<BoardView>(key, placeCard(before, cardId, columnId, afterId));
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
