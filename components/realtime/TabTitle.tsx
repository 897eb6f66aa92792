'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { unreadTotalAtom } from '@/lib/chats/unread-store';
import { plainTitle, showUnread } from './tab-title';

/**
 * Keeps "(N) " in front of the tab's title while chats are unread. Next writes the page's
 * title on every client navigation, and may write the same title again (a refresh): the head
 * is watched and the prefix put back whatever was written.
 */
export function TabTitle() {
  const unread = useAtomValue(unreadTotalAtom);
  const latest = useRef(unread);

  useEffect(() => {
    latest.current = unread;
    showUnread(document, unread);
  }, [unread]);

  useEffect(() => {
    // Our own write wakes the observer once more; it then finds the title as wanted.
    const observer = new MutationObserver(() => showUnread(document, latest.current));
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = plainTitle(document.title);
    };
  }, []);
  return null;
}
