import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { ProjectSettings } from './types';

// The active project's settings in the browser's query cache.

export const settingsKeys = {
  all: ['settings'] as const,
  project: () => [...settingsKeys.all, 'project'] as const,
};

export function settingsQuery() {
  return queryOptions({ queryKey: settingsKeys.project(), queryFn: async (ctx) => (await getJson<{ settings: ProjectSettings }>('settings')(ctx)).settings });
}
