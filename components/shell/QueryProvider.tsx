'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { makeQueryClient } from '@/lib/query/client';
import { browserSocket } from '@/lib/realtime/client';

/**
 * The signed-in pages' query client (public pages never load it). After the socket
 * reconnects, whatever it may have missed is refetched: the one `reconnected` handler.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  useEffect(() => browserSocket().on('reconnected', () => void client.invalidateQueries({ refetchType: 'active' })), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
