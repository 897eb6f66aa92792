'use client';

import { useEffect } from 'react';
import { unreadStore } from '@/lib/chats/unread-store';
import { useStore } from '@/lib/shell/store';
import { plainTitle, withUnread } from './tab-title';

/**
 * Keeps "(N) " in front of the tab's title while chats are unread. Next writes the page's
 * own title on every client navigation, so the head is watched and the prefix put back.
 */
export function TabTitle() {
  const { total } = useStore(unreadStore);
  useEffect(() => {
    const apply = () => {
      const next = withUnread(document.title, total);
      // Writing the same title again would wake the observer for nothing.
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = plainTitle(document.title);
    };
  }, [total]);
  return null;
}
