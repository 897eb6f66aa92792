'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { photomagikKeys } from '@/lib/photomagik/queries';
import type { CategoryView, StyleView, UserView } from '@/lib/photomagik/schemas';

type Write = { path: string; method: string; json?: unknown };
type Answer = { message?: string; styles?: StyleView[]; categories?: CategoryView[]; user?: UserView; secret?: string };

/** Any write to the image tool: a reordered list goes straight into the cache, everything else is read again. */
export function usePhotomagikWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, json }: Write) => api<Answer>(path, { method, json }),
    onSuccess: (res) => {
      if (res.styles) client.setQueryData(photomagikKeys.styles(), res.styles);
      if (res.categories) client.setQueryData(photomagikKeys.categories(), res.categories);
      return client.invalidateQueries({ queryKey: photomagikKeys.all });
    },
  });
}
