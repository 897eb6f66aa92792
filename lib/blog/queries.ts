import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { CategoryView, PostView } from './schemas';

// The active project's blog in the browser's query cache.

export const blogKeys = {
  all: ['blog'] as const,
  posts: () => [...blogKeys.all, 'posts'] as const,
  post: (id: string) => [...blogKeys.all, 'post', id] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  preview: (body: string) => [...blogKeys.all, 'preview', body] as const,
};

export function postsQuery() {
  return queryOptions({ queryKey: blogKeys.posts(), queryFn: async (ctx) => (await getJson<{ posts: PostView[] }>('blog/posts')(ctx)).posts });
}

export function postQuery(id: string) {
  return queryOptions({ queryKey: blogKeys.post(id), queryFn: async (ctx) => (await getJson<{ post: PostView }>(`blog/posts/${id}`)(ctx)).post });
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: blogKeys.categories(),
    queryFn: async (ctx) => (await getJson<{ categories: CategoryView[] }>('blog/categories')(ctx)).categories,
  });
}
