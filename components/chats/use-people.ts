'use client';

import { useEffect, useState } from 'react';
import type { ChatPerson } from '@/lib/chats/types';
import { fetchPeople } from './api';

/** Staff who may chat, matching what is typed (the API filters), without the viewer. */
export function usePeople(query: string, viewerId: string): { people: ChatPerson[] | null; failed: boolean } {
  const [state, setState] = useState<{ people: ChatPerson[] | null; failed: boolean }>({ people: null, failed: false });
  const q = query.trim();
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const people = await fetchPeople(q);
        if (!cancelled) setState({ people: people.filter((p) => p.id !== viewerId), failed: false });
      } catch {
        if (!cancelled) setState({ people: [], failed: true });
      }
    }, q ? 250 : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [q, viewerId]);
  return state;
}
