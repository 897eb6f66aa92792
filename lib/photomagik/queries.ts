import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { CategoryView, GenerationView, KeyView, OverviewView, StyleView, UserView } from './schemas';

// The active project's image tool in the browser's query cache; pages' server render seeds it.

export const photomagikKeys = {
  all: ['photomagik'] as const,
  styles: () => [...photomagikKeys.all, 'styles'] as const,
  categories: () => [...photomagikKeys.all, 'categories'] as const,
  users: (q: string) => [...photomagikKeys.all, 'users', q] as const,
  user: (id: string) => [...photomagikKeys.all, 'user', id] as const,
  overview: () => [...photomagikKeys.all, 'overview'] as const,
  key: () => [...photomagikKeys.all, 'key'] as const,
};

export function stylesQuery() {
  return queryOptions({
    queryKey: photomagikKeys.styles(),
    queryFn: async (ctx) => (await getJson<{ styles: StyleView[] }>('photomagik/styles')(ctx)).styles,
  });
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: photomagikKeys.categories(),
    queryFn: async (ctx) => (await getJson<{ categories: CategoryView[] }>('photomagik/categories')(ctx)).categories,
  });
}

export type UsersPage = { users: UserView[]; next: string | null };
export type HistoryPage = { user: UserView; generations: GenerationView[]; next: string | null };

/** `search` plus the cursor a page gave, as the API reads them. */
const withCursor = (query: Record<string, string>, before: string | null) => new URLSearchParams(before ? { ...query, before } : query);

/** The users matching `q`, a page at a time ("Load more" asks for the next). */
export function usersQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: photomagikKeys.users(q),
    queryFn: ({ pageParam, signal }) => getJson<UsersPage>(`photomagik/users?${withCursor({ q }, pageParam)}`)({ signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** One user's history, newest first, a page at a time. */
export function userQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: photomagikKeys.user(id),
    queryFn: ({ pageParam, signal }) => getJson<HistoryPage>(`photomagik/users/${id}?${withCursor({}, pageParam)}`)({ signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export function overviewQuery() {
  return queryOptions({
    queryKey: photomagikKeys.overview(),
    queryFn: async (ctx) => (await getJson<{ overview: OverviewView }>('photomagik/overview')(ctx)).overview,
  });
}

export function keyQuery() {
  return queryOptions({ queryKey: photomagikKeys.key(), queryFn: async (ctx) => (await getJson<{ key: KeyView }>('photomagik/key')(ctx)).key });
}
