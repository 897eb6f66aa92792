'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { varketKeys } from '@/lib/varket/queries';

type Write = { path: string; method: string; json?: unknown };

/** Any write to the marketplace: every list and total it may change is read again. */
export function useVarketWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, json }: Write) => api<{ message: string }>(path, { method, json }),
    onSuccess: () => client.invalidateQueries({ queryKey: varketKeys.all }),
  });
}
