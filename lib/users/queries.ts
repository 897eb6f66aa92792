import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { UsersOverview } from './overview';
import type { MemberView } from './members';

// The members page's server data in the browser's query cache.

export const usersKeys = {
  all: ['users'] as const,
  /** The active project's members, pending invitations and the profiles the viewer may hand out: every page. */
  overview: () => [...usersKeys.all, 'overview'] as const,
  /** One page of the members, searched. */
  page: (query: MemberPageQuery) => [...usersKeys.overview(), query] as const,
};

export type MemberPageQuery = { q: string; page: number };

/** `?q&page` for a members page, defaults left out. */
export function memberPageSearch({ q, page }: MemberPageQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page !== 1) params.set('page', String(page));
  return params.toString();
}

/** A page of the members; while another loads, the one before stays on screen. */
export function usersQuery(query: MemberPageQuery) {
  const search = memberPageSearch(query);
  return queryOptions({
    queryKey: usersKeys.page(query),
    queryFn: getJson<UsersOverview>(search ? `users?${search}` : 'users'),
    placeholderData: keepPreviousData,
  });
}

/** What a member change asks for: their profiles, or their status (1 active, 0 deactivated). */
export type MemberChange = { profileIds: string[] } | { status: number };

/** The overview as it will be once `change` is made to member `id`: what an optimistic update shows. */
export function withMemberChange(data: UsersOverview, id: string, change: MemberChange): UsersOverview {
  const apply = (m: MemberView): MemberView => {
    if (m.id !== id) return m;
    if ('status' in change) return { ...m, status: change.status };
    // A profile the viewer cannot see as an option keeps the name the member already showed.
    const known = new Map([...m.profiles, ...data.profiles].map((p) => [p.id, { id: p.id, name: p.name, isRoot: p.isRoot }]));
    return { ...m, profiles: change.profileIds.flatMap((pid) => known.get(pid) ?? []) };
  };
  return { ...data, members: data.members.map(apply) };
}
