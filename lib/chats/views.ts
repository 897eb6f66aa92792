import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../users/tables';
import type { Conn } from './access';
import { peopleByIds, type PersonWithEmail } from './people';
import { lastReads, unreadCounts } from './reads';
import { chatConversations, chatMessages, type ChatAttachment, type ChatConversation, type ChatMessage } from './tables';
import type { AttachmentView, ChatPerson, ConversationView, MessageView } from './types';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

export const isImageType = (type: string) => IMAGE_TYPES.has(type);

/** Where the browser downloads an attachment; the route checks access on every call. */
export const attachmentUrl = (messageId: string, fileId: string) => `/api/chats/files/${messageId}/${fileId}`;

export function attachmentView(messageId: string, a: ChatAttachment): AttachmentView {
  const view: AttachmentView = { id: a.id, name: a.name, type: a.type, size: a.size, url: attachmentUrl(messageId, a.id), image: isImageType(a.type) };
  if (a.width !== undefined) view.width = a.width;
  if (a.height !== undefined) view.height = a.height;
  return view;
}

export type MessageRow = { message: ChatMessage; author: ChatPerson | null };

/** Messages with their authors (null once the author's account is gone). */
export function selectMessages(db: Conn) {
  return db
    .select({ message: chatMessages, author: { id: users.id, name: users.name, avatar: users.avatar } })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .$dynamic();
}

export function messageView({ message, author }: MessageRow): MessageView {
  const deleted = message.deletedAt !== null;
  return {
    id: message.id,
    seq: message.seq,
    conversationId: message.conversationId,
    author,
    body: deleted ? '' : message.body,
    attachments: deleted ? [] : message.attachments.map((a) => attachmentView(message.id, a)),
    createdAt: message.createdAt.toISOString(),
    editedAt: message.editedAt?.toISOString() ?? null,
    deleted,
  };
}

const person = (p: PersonWithEmail | undefined): ChatPerson | null => (p ? { id: p.id, name: p.name, avatar: p.avatar } : null);

/** Direct: the one of the pair who is not the viewer (the key holds both ids). */
function otherOf(conversation: ChatConversation, viewerId: string): string | null {
  if (conversation.kind !== 'direct' || !conversation.directKey) return null;
  const [a, b] = conversation.directKey.split(':');
  return a === viewerId ? b : a;
}

/**
 * Conversations as `viewerId` sees them, in the given order: a fixed handful of queries
 * (people, newest messages, read marks, unread counts) whatever their number.
 * `unread` may be passed when the caller already counted it.
 */
export async function conversationViews(db: Conn, viewerId: string, rows: ChatConversation[], unread?: Record<string, number>): Promise<ConversationView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const withMessages = rows.filter((r) => r.lastMessageSeq > 0);
  const [people, candidates, reads, counts] = await Promise.all([
    peopleByIds(
      db,
      rows.flatMap((r) => [otherOf(r, viewerId), r.customerId, r.assigneeId]),
    ),
    // Seqs count per project, so a seq names a message only together with its conversation.
    withMessages.length
      ? selectMessages(db).where(
          and(
            inArray(
              chatMessages.conversationId,
              withMessages.map((r) => r.id),
            ),
            inArray(
              chatMessages.seq,
              withMessages.map((r) => r.lastMessageSeq),
            ),
          ),
        )
      : Promise.resolve([]),
    lastReads(db, viewerId, ids),
    unread ? Promise.resolve(unread) : unreadCounts(db, viewerId, inArray(chatConversations.id, ids)).then((u) => u.conversations),
  ]);
  const heads = new Map(rows.map((r) => [r.id, r.lastMessageSeq]));
  const lastOf = new Map(candidates.filter((m) => heads.get(m.message.conversationId) === m.message.seq).map((m) => [m.message.conversationId, m]));
  return rows.map((r) => {
    const other = people.get(otherOf(r, viewerId) ?? '');
    const customer = r.customerId ? people.get(r.customerId) : undefined;
    const newest = lastOf.get(r.id);
    const title = r.kind === 'channel' ? (r.name ?? '') : r.kind === 'direct' ? (other?.name ?? '') : (customer?.name ?? r.name ?? '');
    return {
      id: r.id,
      kind: r.kind,
      title,
      topic: r.topic,
      isPrivate: r.isPrivate,
      other: person(other),
      customer: customer ? { id: customer.id, name: customer.name, avatar: customer.avatar, email: customer.email } : null,
      status: r.status ?? null,
      assignee: person(r.assigneeId ? people.get(r.assigneeId) : undefined),
      lastMessage: newest
        ? {
            body: newest.message.deletedAt ? '' : newest.message.body,
            authorName: newest.author?.name ?? null,
            createdAt: newest.message.createdAt.toISOString(),
            deleted: Boolean(newest.message.deletedAt),
          }
        : null,
      lastMessageSeq: r.lastMessageSeq,
      lastReadSeq: reads.get(r.id) ?? 0,
      unread: counts[r.id] ?? 0,
    };
  });
}

export async function conversationView(db: Conn, viewerId: string, row: ChatConversation): Promise<ConversationView> {
  const [view] = await conversationViews(db, viewerId, [row]);
  return view;
}
