import { queryOptions } from '@tanstack/react-query';
import { api } from '../http/api-client';
import { getJson } from '../query/client';
import type { PickerProject } from '../shell/picker-state';

// The auth domain's reads in the browser's query cache; like every auth call, never retried (SPEC.md section 7).

/** A signed-in device of the user's, as `GET /api/auth/sessions` lists it. */
export type Device = { id: string; createdAt: string; lastUsedAt: string; userAgent: string | null; ip: string | null; current: boolean };

export const authKeys = {
  all: ['auth'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
  /** The projects the picker offers, with the user's profiles in each. */
  projects: () => [...authKeys.all, 'projects'] as const,
};

export function sessionsQuery() {
  return queryOptions({
    queryKey: authKeys.sessions(),
    queryFn: async (ctx) => (await getJson<{ sessions: Device[] }>('auth/sessions')(ctx)).sessions,
    retry: false,
  });
}

export function pickerProjectsQuery() {
  return queryOptions({
    queryKey: authKeys.projects(),
    // SPEC.md section 7 makes this read a POST.
    queryFn: async ({ signal }) => (await api<{ data: { projects: PickerProject[] } }>('auth/projects', { method: 'POST', signal })).data.projects,
    retry: false,
  });
}
