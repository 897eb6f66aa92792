'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/lib/blog/queries';
import type { CategoryView, PostView } from '@/lib/blog/schemas';
import { api } from '@/lib/http/api-client';

type Write = { path: string; method: string; json?: unknown };
type Answer = { message: string; post?: PostView; category?: CategoryView };

/** Any write to the blog: the answer's post goes into the cache, the lists are read again. */
export function useBlogWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, json }: Write) => api<Answer>(path, { method, json }),
    onSuccess: (res) => {
      if (res.post) client.setQueryData(blogKeys.post(res.post.id), res.post);
      return Promise.all([client.invalidateQueries({ queryKey: blogKeys.posts() }), client.invalidateQueries({ queryKey: blogKeys.categories() })]);
    },
  });
}
