'use client';

import { useSyncExternalStore } from 'react';

// The resume token lives in this browser only; the server keeps its hash.
const PREFIX = 'atrio:interview:';

export function savedToken(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}
export function rememberToken(key: string, token: string): void {
  try {
    localStorage.setItem(PREFIX + key, token);
  } catch {
    // Private modes may refuse storage: the draft is still on the server, just not findable here.
  }
}
export function forgetToken(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // As above.
  }
}

const PHONE = '(max-width: 639px)';
const subscribe = (notify: () => void) => {
  const query = matchMedia(PHONE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};

/** A phone-sized viewport: the form then shows one question per step. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(PHONE).matches,
    () => false,
  );
}

const never = () => () => {};
/** False while server-rendered and hydrating, true after: the enhanced form takes over then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
