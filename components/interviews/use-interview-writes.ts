'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { interviewsKeys } from '@/lib/interviews/queries';
import type { InterviewView } from '@/lib/interviews/schemas';

type Write = { path: string; method: string; json?: unknown };

/** Any write to an interview: the answer's interview goes into the cache, the list is read again. */
export function useInterviewWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, json }: Write) => api<{ message: string; interview?: InterviewView }>(path, { method, json }),
    onSuccess: (res) => {
      if (res.interview) client.setQueryData(interviewsKeys.one(res.interview.id), res.interview);
      return client.invalidateQueries({ queryKey: interviewsKeys.list() });
    },
  });
}
