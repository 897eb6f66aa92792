'use client';

import { useText } from '@/lib/i18n/client';
import type { KeyAvailability } from './use-key-availability';

const TONE = {
  idle: '',
  checking: 'text-muted',
  available: 'text-emerald-700 dark:text-emerald-400',
  taken: 'text-red-700 dark:text-red-400',
  failed: 'text-muted',
} as const;

const KEY = { checking: 'keyChecking', available: 'keyAvailable', taken: 'keyTaken', failed: 'keyCheckFailed' } as const;

/** The key's availability, read out as it changes (the region is always there, so it is announced). */
export function KeyStatus({ state }: { state: KeyAvailability }) {
  const t = useText('requestProject');
  return (
    <span aria-live="polite" className={`mt-1 block font-medium ${TONE[state.status]}`} data-testid="key-status" data-status={state.status}>
      {state.status === 'idle' ? '' : t(KEY[state.status], { key: state.key })}
    </span>
  );
}
