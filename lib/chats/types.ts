// What the chats API answers and the socket carries: shared by the services, the routes
// and the browser. No server imports.

export type ChatKind = 'channel' | 'direct' | 'support';
/** SPEC.md's chat message event channel: USER for the team's conversations, SUPPORT for support ones. */
export type ChatChannel = 'USER' | 'SUPPORT';
export type SupportStatus = 'open' | 'resolved';

/** The chats page's two lists, and the support list's filters with what it opens with. */
export type ChatTab = 'team' | 'support';
export type SupportFilters = { status: SupportStatus | 'all'; assignee: 'me' | 'none' | 'any' };
export const DEFAULT_SUPPORT_FILTERS: SupportFilters = { status: 'open', assignee: 'any' };

/** The tab the page opens on: `?tab=support` (the home's open-support figure) when allowed, else the first it may show. */
export function firstTab(can: { team: boolean; support: boolean }, asked: string | null | undefined): ChatTab {
  return asked === 'support' && can.support ? 'support' : can.team ? 'team' : 'support';
}

export type ChatPerson = { id: string; name: string; avatar: string | null };

export type AttachmentView = {
  id: string;
  name: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
  /** Where the browser fetches it (access is checked on every download). */
  url: string;
  image: boolean;
};

export type MessageView = {
  id: string;
  seq: number;
  conversationId: string;
  author: ChatPerson | null;
  /** Empty once deleted. */
  body: string;
  attachments: AttachmentView[];
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
};

export type ConversationView = {
  id: string;
  kind: ChatKind;
  /** Channels: their name. Direct: the other person's name. Support: the customer's name. */
  title: string;
  topic: string;
  isPrivate: boolean;
  /** Direct: the other person. */
  other: ChatPerson | null;
  /** Support: the user who asked, their state and who took it. */
  customer: (ChatPerson & { email: string }) | null;
  status: SupportStatus | null;
  assignee: ChatPerson | null;
  lastMessage: { body: string; authorName: string | null; createdAt: string; deleted: boolean } | null;
  lastMessageSeq: number;
  lastReadSeq: number;
  unread: number;
};

// Socket events (`e`) and their `d`.
export const CHAT_EVENTS = {
  message: 'chat:message',
  messageUpdated: 'chat:messageUpdated',
  messageDeleted: 'chat:messageDeleted',
  conversation: 'chat:conversation',
  read: 'chat:read',
  typing: 'chat:typing',
  /** A request, not an event: a new text message over the socket (the reply carries it, as the API's 201 does). */
  send: 'chat:send',
} as const;

export type ChatMessageEvent = {
  channel: ChatChannel;
  projectId: string;
  /** Support events: the project's key, so a customer's notification can open its support page. */
  projectKey?: string;
  conversationId: string;
  message: MessageView;
};
export type ChatMessageDeletedEvent = { channel: ChatChannel; projectId: string; conversationId: string; messageId: string };
/** A conversation was created or changed (name, members, status, assignee); clients refetch it. */
export type ChatConversationEvent = { channel: ChatChannel; projectId: string; conversationId: string };
/** To the reader's own other tabs: they read up to here. */
export type ChatReadEvent = { conversationId: string; lastReadSeq: number };
/** Who typed in the conversation since its last typing event (at most one a second per conversation). */
export type ChatTypingEvent = { conversationId: string; users: { id: string; name: string }[] };
