'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import type { UsersOverview } from '@/lib/users/overview';
import { usersKeys, withMemberChange, type MemberChange } from '@/lib/users/queries';

/**
 * After acting on oneself (deactivating or removing one's own membership): nothing cached
 * belongs to the viewer any more, and the dashboard, rendered anew, offers what is left.
 */
export function useLeaveProject() {
  const client = useQueryClient();
  const router = useRouter();
  return () => {
    client.clear();
    router.replace('/dashboard');
  };
}

type Change = { id: string; change: MemberChange; /** The success alert's title, else the server's message. */ success?: string };

/**
 * A member's profiles or status, shown changed at once; a refusal puts the list back as it
 * was and says why. Either way the list is read again afterwards.
 */
export function useMemberChange() {
  const client = useQueryClient();
  const te = useText('errors');
  return useMutation({
    mutationFn: ({ id, change }: Change) => api<{ message: string }>(`users/${id}`, { method: 'PATCH', json: change }),
    onMutate: async ({ id, change }) => {
      // A read under way would overwrite the change with the list from before it.
      await client.cancelQueries({ queryKey: usersKeys.overview() });
      const before = client.getQueriesData<UsersOverview>({ queryKey: usersKeys.overview() });
      client.setQueriesData<UsersOverview>({ queryKey: usersKeys.overview() }, (data) => data && withMemberChange(data, id, change));
      return { before };
    },
    onError: (error, _change, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      showError(error, te);
    },
    onSuccess: ({ message }, { success }) => alerts.push({ type: 'success', title: success ?? message }),
    onSettled: () => client.invalidateQueries({ queryKey: usersKeys.overview() }),
  });
}

type Write = { path: string; method: string; json?: unknown; /** Acting on oneself may end one's access here. */ self?: boolean };

/** Any other change to the members page (invite, remove, revoke): on success its message, then the list read again. */
export function useUsersWrite() {
  const client = useQueryClient();
  const leave = useLeaveProject();
  return useMutation({
    mutationFn: ({ path, method, json }: Write) => api<{ message: string }>(path, { method, json }),
    onSuccess: ({ message }, { self }) => {
      alerts.push({ type: 'success', title: message });
      if (self) leave();
      else return client.invalidateQueries({ queryKey: usersKeys.overview() });
    },
  });
}
