import { atom } from 'jotai';
import { unreadTotalAtom } from '@/lib/chats/unread-store';

// The unread total in the tab's title (issue 6): "(3) Chats · Atrio".
const PREFIX = /^\(\d+\) /;

/** The title without our unread prefix. */
export function plainTitle(title: string): string {
  return title.replace(PREFIX, '');
}

/** `title` with the unread prefix while `unread` > 0; the plain title at 0. */
export function withUnread(title: string, unread: number): string {
  const plain = plainTitle(title);
  return unread > 0 ? `(${unread}) ${plain}` : plain;
}

/** The page's own title, as Next last wrote it. */
export const pageTitleAtom = atom('');
/** What the tab shows: the page's title led by the unread total. */
export const tabTitleAtom = atom((get) => withUnread(get(pageTitleAtom), get(unreadTotalAtom)));
