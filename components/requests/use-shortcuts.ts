'use client';

import { useEffect, useRef } from 'react';
import { shortcutOf, type Shortcut } from '@/lib/requests/shortcuts';

/**
 * The requests pages' keys, listened for on the document while the page is mounted. Each
 * page passes what its shortcuts do; one it leaves out does nothing there. The handlers are
 * read at the moment of the key press, so they may close over the latest state.
 */
export function useShortcuts(handlers: Partial<Record<Shortcut, () => void>>) {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const shortcut = shortcutOf(event);
      const run = shortcut && current.current[shortcut];
      if (!run) return;
      event.preventDefault();
      run();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
