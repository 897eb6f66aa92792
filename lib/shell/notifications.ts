import { boundAtom, type BoundAtom } from './atoms';

/** SPEC.md section 3: the in-app notification list's entries. */
export type NotificationType = 'CHAT_TEAM' | 'CHAT_SUPPORT' | 'REQUEST';
export type NotificationEntry = {
  id: string;
  icon: 'chat';
  title: string;
  subtitle: string;
  type: NotificationType;
  /** ISO timestamp. */
  time: string;
  unread: boolean;
  /** Where clicking the entry goes (SPEC's click action). */
  href: string;
  removeOnClick: boolean;
};
export type NotificationInput = Omit<NotificationEntry, 'id' | 'unread' | 'removeOnClick'> & Partial<Pick<NotificationEntry, 'unread' | 'removeOnClick'>>;

/** A busy channel must not grow the list without end: the oldest entries go first. */
export const MAX_NOTIFICATIONS = 50;

let counter = 0;
const nextId = () => `n${Date.now().toString(36)}-${(counter += 1)}`;

/** The list, newest first. */
export function createNotifications(store: BoundAtom<NotificationEntry[]> = boundAtom<NotificationEntry[]>([])) {
  return {
    store,
    add(input: NotificationInput): string {
      const id = nextId();
      store.set((list) => [{ unread: true, removeOnClick: true, ...input, id }, ...list].slice(0, MAX_NOTIFICATIONS));
      return id;
    },
    markAllRead(): void {
      store.set((list) => (list.some((n) => n.unread) ? list.map((n) => (n.unread ? { ...n, unread: false } : n)) : list));
    },
    remove(id: string): void {
      store.set((list) => (list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list));
    },
    clear(): void {
      store.set([]);
    },
  };
}

export const unreadCount = (list: readonly NotificationEntry[]): number => list.filter((n) => n.unread).length;

/** The app's one list (the bell in the app bar shows it). */
export const notifications = createNotifications();
