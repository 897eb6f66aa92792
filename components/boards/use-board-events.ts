'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { boardsKeys } from '@/lib/boards/queries';
import { BOARD_EVENTS, type BoardCardEvent, type BoardChangedEvent } from '@/lib/boards/types';
import { browserSocket } from '@/lib/realtime/client';
import { putCard } from './cache';

/**
 * Keeps the open board current: a card's new state goes straight into the cache (it moves,
 * appears or changes on screen), a change of columns or labels reads the board again, a
 * deleted board sends the viewer back to the list. After a reconnect the query provider
 * refetches every active query, so nothing missed while offline stays missing.
 */
export function useBoardEvents(boardId: string): void {
  const client = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    const socket = browserSocket();
    const offs = [
      socket.on(BOARD_EVENTS.card, (d) => {
        const { boardId: id, card } = d as BoardCardEvent;
        if (id !== boardId) return;
        putCard(client, boardId, card);
        void client.invalidateQueries({ queryKey: boardsKeys.card(boardId, card.id) });
      }),
      socket.on(BOARD_EVENTS.board, (d) => {
        const { boardId: id, deleted } = d as BoardChangedEvent;
        void client.invalidateQueries({ queryKey: boardsKeys.list() });
        if (id !== boardId) return;
        if (deleted) router.replace('/dashboard/boards');
        else void client.invalidateQueries({ queryKey: boardsKeys.boardAll(boardId) });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [client, boardId, router]);
}
