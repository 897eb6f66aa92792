import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { BoardSummary, BoardView, CardDetail } from './types';

// The boards' server data in the browser's query cache.

export const boardsKeys = {
  all: ['boards'] as const,
  list: () => [...boardsKeys.all, 'list'] as const,
  boards: () => [...boardsKeys.all, 'board'] as const,
  /** One board's open cards, or (`archived`) its archived ones. */
  board: (id: string, archived = false) => [...boardsKeys.boards(), id, archived ? 'archived' : 'open'] as const,
  boardAll: (id: string) => [...boardsKeys.boards(), id] as const,
  card: (boardId: string, cardId: string) => [...boardsKeys.all, 'card', boardId, cardId] as const,
};

export function boardsQuery() {
  return queryOptions({ queryKey: boardsKeys.list(), queryFn: async (ctx) => (await getJson<{ boards: BoardSummary[] }>('boards')(ctx)).boards });
}

export function boardQuery(id: string, archived = false) {
  return queryOptions({
    queryKey: boardsKeys.board(id, archived),
    queryFn: async (ctx) => (await getJson<{ board: BoardView }>(`boards/${id}${archived ? '?archived=1' : ''}`)(ctx)).board,
  });
}

export function cardQuery(boardId: string, cardId: string) {
  return queryOptions({
    queryKey: boardsKeys.card(boardId, cardId),
    queryFn: async (ctx) => (await getJson<{ card: CardDetail }>(`boards/${boardId}/cards/${cardId}`)(ctx)).card,
  });
}
