'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/http/api-client';
import { profilesKeys } from '@/lib/profiles/queries';
import type { ProfileView } from '@/lib/profiles/schemas';
import { usersKeys } from '@/lib/users/queries';

type Write = { path: string; method: string; json?: unknown; /** The profile written, to know whether it is the viewer's own. */ id: string | null };

/**
 * Creates, saves or deletes a profile. The profiles and the members page (which shows
 * profile names) are read again. When it was the viewer's active profile, the server-rendered
 * menu and this page's own access follow its permissions: those need the page refreshed.
 */
export function useProfileWrite(activeProfileId: string) {
  const client = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: ({ path, method, json }: Write) => api<{ message: string; profile?: ProfileView }>(path, { method, json }),
    onSuccess: (_res, { id }) => {
      if (id === activeProfileId) router.refresh();
      return Promise.all([client.invalidateQueries({ queryKey: profilesKeys.all }), client.invalidateQueries({ queryKey: usersKeys.all })]);
    },
  });
}
