'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestsKeys } from '@/lib/requests/queries';
import { browserSocket } from '@/lib/realtime/client';
import { REQUEST_EVENTS, type OwnRequestEvent, type RequestChangedEvent, type RequestEntryEvent } from '@/lib/requests/types';
import type { OwnRequestDetail, RequestDetail } from '@/lib/requests/types';
import { applyLive } from '@/lib/query/live';

/** Events come in bursts (a reply changes the status too): one refetch of the lists for the lot. */
const REFETCH_DELAY_MS = 300;

/**
 * Keeps the requests pages current from the socket: a thread entry goes straight into the
 * cached detail, anything else invalidates what it touched. The requester's own events
 * carry public replies only (the server never sends them a note).
 */
export function useRequestEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchLists = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: requestsKeys.lists() }), REFETCH_DELAY_MS);
    };
    const socket = browserSocket();
    const offs = [
      socket.on(REQUEST_EVENTS.changed, (d) => {
        const { requestId } = d as RequestChangedEvent;
        refetchLists();
        void client.invalidateQueries({ queryKey: requestsKeys.detail(requestId) });
      }),
      socket.on(REQUEST_EVENTS.entry, (d) => {
        const { requestId, entry } = d as RequestEntryEvent;
        applyLive<RequestDetail>(
          client,
          requestsKeys.detail(requestId),
          (old) => (old && !old.thread.some((e) => e.id === entry.id) ? { ...old, thread: [...old.thread, entry] } : old),
          true,
        );
      }),
      socket.on(REQUEST_EVENTS.own, (d) => {
        const { requestId, entry, status } = d as OwnRequestEvent;
        applyLive<OwnRequestDetail>(
          client,
          requestsKeys.own(requestId),
          (old) => {
            if (!old) return old;
            const thread = entry && !old.thread.some((e) => e.id === entry.id) ? [...old.thread, entry] : old.thread;
            return { ...old, request: { ...old.request, status }, thread };
          },
          true,
        );
        void client.invalidateQueries({ queryKey: requestsKeys.mine(), exact: true });
      }),
      // Whatever happened while the socket was away is only in the API.
      socket.on('reconnected', () => void client.invalidateQueries({ queryKey: requestsKeys.all })),
    ];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [client]);
}
