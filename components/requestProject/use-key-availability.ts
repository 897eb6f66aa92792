'use client';

import { useEffect, useState } from 'react';
import { safeParse } from 'zod/mini';
import { api } from '@/lib/http/api-client';
import { projectKeySchema } from '@/lib/projects/schemas';

export type KeyAvailability = { status: 'idle' } | { status: 'checking' | 'available' | 'taken' | 'failed'; key: string };
type Result = { key: string; status: 'available' | 'taken' | 'failed' };

const DEBOUNCE_MS = 400;

/**
 * Whether a key is free, asked once the user pauses typing. Each new key aborts the
 * question about the previous one, so a late answer never labels the wrong key. A key
 * the schema refuses is not asked about: its field error says why.
 */
export function useKeyAvailability(key: string): KeyAvailability {
  const valid = key !== '' && safeParse(projectKeySchema, key).success;
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await api<{ data: { available: boolean } }>(`requestProject/key?key=${encodeURIComponent(key)}`, {
          method: 'GET',
          signal: controller.signal,
        });
        setResult({ key, status: res.data.available ? 'available' : 'taken' });
      } catch {
        if (!controller.signal.aborted) setResult({ key, status: 'failed' });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, valid]);

  if (!valid) return { status: 'idle' };
  return result?.key === key ? result : { status: 'checking', key };
}
