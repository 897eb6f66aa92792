'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ATTENTION_EVENTS, dashboardKeys } from '@/lib/dashboard/queries';
import { browserSocket } from '@/lib/realtime/client';

/** Events come in bursts (a reply changes a status too): one refetch for the lot. */
const REFETCH_DELAY_MS = 300;

/**
 * Keeps the home's figures and activity current: any event of the modules it counts
 * refetches them (the counts are the server's, so nothing is guessed in the browser).
 * After a reconnect the socket's own handler refetches every active query.
 */
export function useDashboardEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: dashboardKeys.all }), REFETCH_DELAY_MS);
    };
    const socket = browserSocket();
    const offs = [...ATTENTION_EVENTS, 'reconnected'].map((e) => socket.on(e, refetch));
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [client]);
}
