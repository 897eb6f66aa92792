'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
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

/**
 * Saves a dragged order of styles or categories: shown at once from the cache, and an error
 * puts the server's order back.
 */
export function useReorder<T extends { id: string }>(list: 'styles' | 'categories', items: T[]) {
  const client = useQueryClient();
  const write = usePhotomagikWrite();
  const te = useText('errors');
  const key = photomagikKeys[list]();
  return (ids: string[]) => {
    const byId = new Map(items.map((item) => [item.id, item]));
    client.setQueryData(
      key,
      ids.map((id) => byId.get(id)!),
    );
    write.mutate(
      { path: `photomagik/${list}/order`, method: 'PUT', json: { ids } },
      { onError: (error) => (showError(error, te), void client.invalidateQueries({ queryKey: key })) },
    );
  };
}
