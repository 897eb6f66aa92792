import { queryOptions } from '@tanstack/react-query';
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
    // A new or changed style's preview is drawn in the background: look again until it is there.
    refetchInterval: (q) => (q.state.data?.some((s) => !s.previewUrl) ? 3_000 : false),
  });
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: photomagikKeys.categories(),
    queryFn: async (ctx) => (await getJson<{ categories: CategoryView[] }>('photomagik/categories')(ctx)).categories,
  });
}

export function usersQuery(q: string) {
  return queryOptions({
    queryKey: photomagikKeys.users(q),
    queryFn: async (ctx) => (await getJson<{ users: UserView[] }>(`photomagik/users?${new URLSearchParams({ q })}`)(ctx)).users,
  });
}

export function userQuery(id: string) {
  return queryOptions({
    queryKey: photomagikKeys.user(id),
    queryFn: getJson<{ user: UserView; generations: GenerationView[] }>(`photomagik/users/${id}`),
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
