'use client';

import { useQuery } from '@tanstack/react-query';
import { peopleQuery } from '@/lib/chats/queries';
import { useDebounced } from '@/components/ui/use-debounced';

/** Staff who may chat, matching what is typed (the API filters), without the viewer. */
export function usePeople(query: string, viewerId: string) {
  const q = useDebounced(query.trim(), 250);
  const people = useQuery({ ...peopleQuery(q), select: (list) => list.filter((p) => p.id !== viewerId) });
  return { people: people.data ?? null, failed: people.isError };
}
