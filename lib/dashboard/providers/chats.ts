import { openSupportCount, unreadTotal } from '../../chats/attention';
import type { AttentionProvider } from '../attention';

export const unreadChats: AttentionProvider = {
  key: 'unreadChats',
  permissions: ['CHATS__TEAM', 'CHATS__SUPPORT'],
  mode: 'some',
  route: 'chats',
  live: true,
  count: (db, s) => unreadTotal(db, s.projectId, s.userId, s.grant),
};

export const openSupport: AttentionProvider = {
  key: 'openSupport',
  permissions: ['CHATS__SUPPORT'],
  route: 'chats',
  live: true,
  // The chats page opens on its support tab, whose default filter is "open".
  query: 'tab=support',
  count: (db, s) => openSupportCount(db, s.projectId, s.userId, s.grant),
};
