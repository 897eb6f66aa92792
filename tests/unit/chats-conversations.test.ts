import { describe, expect, it } from 'vitest';
import { tabOfChannel, tabOfKind, withChangedMessage, withNewMessage } from '@/components/chats/conversations';
import { unreadOf } from '@/lib/chats/queries';
import type { ConversationView, MessageView } from '@/lib/chats/types';

function conv(id: string, lastMessageSeq: number, unread = 0): ConversationView {
  return {
    id,
    kind: 'channel',
    title: id,
    topic: '',
    isPrivate: false,
    other: null,
    customer: null,
    status: null,
    assignee: null,
    lastMessage: null,
    lastMessageSeq,
    lastReadSeq: 0,
    unread,
  };
}

const message = (conversationId: string, seq: number, body = 'hi'): MessageView => ({
  id: `m${seq}`,
  seq,
  conversationId,
  author: { id: 'u', name: 'Ana', avatar: null },
  body,
  attachments: [],
  createdAt: '2025-01-01T00:00:00Z',
  editedAt: null,
  deleted: false,
});

describe('conversation list updates', () => {
  const list = [conv('a', 30), conv('b', 20), conv('c', 10)];

  it('moves a conversation with a new message to the top with its preview', () => {
    const next = withNewMessage(list, message('c', 31))!;
    expect(next.map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(next[0]).toMatchObject({ lastMessageSeq: 31, lastMessage: { body: 'hi', authorName: 'Ana' } });
  });

  it('ignores a repeated or older message and answers null for an unknown conversation', () => {
    expect(withNewMessage(list, message('b', 15))).toBe(list);
    expect(withNewMessage(list, message('zzz', 99))).toBeNull();
  });

  it('updates the preview when its message changes, and nothing else', () => {
    expect(withChangedMessage(list, message('b', 20, 'edited'))[1].lastMessage?.body).toBe('edited');
    expect(withChangedMessage(list, message('b', 19, 'older'))).toBe(list);
  });

  it('takes unread counts from the list, keeps others and zeroes the open one', () => {
    const counts = unreadOf([conv('a', 1, 3), conv('b', 1, 2)], { b: 9, z: 4 }, 'b');
    expect(counts).toEqual({ a: 3, b: 0, z: 4 });
  });

  it('tells the tab of a conversation kind and of an event channel', () => {
    expect([tabOfKind('channel'), tabOfKind('direct'), tabOfKind('support')]).toEqual(['team', 'team', 'support']);
    expect([tabOfChannel('USER'), tabOfChannel('SUPPORT')]).toEqual(['team', 'support']);
  });
});
