import { openSupportCount, staffUnread } from '../../chats/counts';
import type { AttentionProvider } from '../attention';

// Counted under the same visibility rules as the chats page, and kept by the chats' own cache.

export const unreadChats: AttentionProvider = {
  key: 'unreadChats',
  permissions: ['CHATS__TEAM', 'CHATS__SUPPORT'],
  mode: 'some',
  route: 'chats',
  live: true,
  count: async (db, s) => (await staffUnread(db, { userId: s.userId, projectId: s.projectId, grant: s.grant })).total,
};

export const openSupport: AttentionProvider = {
  key: 'openSupport',
  permissions: ['CHATS__SUPPORT'],
  route: 'chats',
  live: true,
  // The chats page opens on its support tab, whose default filter is "open".
  query: 'tab=support',
  count: (db, s) => openSupportCount(db, { userId: s.userId, projectId: s.projectId, grant: s.grant }),
};
