import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { ProfileView } from './schemas';

// The active project's profiles in the browser's query cache.

export const profilesKeys = {
  all: ['profiles'] as const,
  list: () => [...profilesKeys.all, 'list'] as const,
};

export function profilesQuery() {
  return queryOptions({ queryKey: profilesKeys.list(), queryFn: async (ctx) => (await getJson<{ profiles: ProfileView[] }>('profiles')(ctx)).profiles });
}
