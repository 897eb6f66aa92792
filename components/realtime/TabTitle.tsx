'use client';

import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { pageTitleAtom, plainTitle, tabTitleAtom } from './tab-title';

/**
 * Keeps "(N) " in front of the tab's title while chats are unread. Next writes the page's
 * own title on every client navigation, so the head is watched and the prefix put back.
 */
export function TabTitle() {
  const setPageTitle = useSetAtom(pageTitleAtom);
  const title = useAtomValue(tabTitleAtom);

  useEffect(() => {
    const read = () => setPageTitle(plainTitle(document.title));
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = plainTitle(document.title);
    };
  }, [setPageTitle]);

  useEffect(() => {
    // Writing the same title again would wake the observer for nothing.
    if (title && document.title !== title) document.title = title;
  }, [title]);
  return null;
}
