import { describe, expect, it } from 'vitest';
import { continuesBlock, dividerBefore, markDeleted, mergeMessages, newestSeq, oldestSeq, updateMessage } from '@/components/chats/thread';
import type { MessageView } from '@/lib/chats/types';

const person = (id: string) => ({ id, name: id.toUpperCase(), avatar: null });

function msg(seq: number, over: Partial<MessageView> = {}): MessageView {
  return {
    id: `m${seq}`,
    seq,
    conversationId: 'c1',
    author: person('ana'),
    body: `message ${seq}`,
    attachments: [],
    createdAt: new Date(Date.UTC(2025, 0, 1, 12, seq)).toISOString(),
    editedAt: null,
    deleted: false,
    ...over,
  };
}

const seqs = (list: MessageView[]) => list.map((m) => m.seq);

describe('message list merge', () => {
  it('keeps one copy per id in ascending seq whatever order pages and events come in', () => {
    const newest = [msg(40), msg(41), msg(45)];
    const older = [msg(30), msg(35), msg(40)];
    const live = [msg(47), msg(45)];
    expect(seqs(mergeMessages(mergeMessages(newest, live), older))).toEqual([30, 35, 40, 41, 45, 47]);
    expect(seqs(mergeMessages([], [msg(3), msg(1), msg(2), msg(1)]))).toEqual([1, 2, 3]);
  });

  it('never lets a stale copy undo an edit or a deletion', () => {
    const edited = msg(5, { body: 'new', editedAt: '2025-01-02T00:00:00Z' });
    expect(mergeMessages([edited], [msg(5)])[0].body).toBe('new');
    const editedAgain = msg(5, { body: 'newer', editedAt: '2025-01-03T00:00:00Z' });
    expect(mergeMessages([edited], [editedAgain])[0].body).toBe('newer');
    const deleted = msg(5, { body: '', deleted: true });
    expect(mergeMessages([deleted], [edited])[0].deleted).toBe(true);
    expect(mergeMessages([edited], [deleted])[0].deleted).toBe(true);
  });

  it('applies an edit only to a held message', () => {
    const held = [msg(1), msg(2)];
    expect(updateMessage(held, msg(2, { body: 'changed', editedAt: '2025-01-02T00:00:00Z' }))[1].body).toBe('changed');
    expect(updateMessage(held, msg(9))).toBe(held);
  });

  it('empties a deleted message in place', () => {
    const held = [msg(1), msg(2, { attachments: [{ id: 'f', name: 'a.png', type: 'image/png', size: 1, url: '/x', image: true }] }), msg(3)];
    const after = markDeleted(held, 'm2');
    expect(seqs(after)).toEqual([1, 2, 3]);
    expect(after[1]).toMatchObject({ deleted: true, body: '', attachments: [] });
    expect(markDeleted(after, 'm2')).toBe(after);
    expect(markDeleted(held, 'nope')).toBe(held);
  });

  it('knows the newest and oldest seq held', () => {
    expect(newestSeq([])).toBe(0);
    expect(oldestSeq([])).toBeNull();
    expect([newestSeq([msg(3), msg(8)]), oldestSeq([msg(3), msg(8)])]).toEqual([8, 3]);
  });
});

describe('new messages divider', () => {
  const viewer = 'bo';
  const list = [msg(10), msg(11, { author: person(viewer) }), msg(12, { author: person(viewer) }), msg(13), msg(14)];

  it('goes before the first message by someone else after the last read one', () => {
    expect(dividerBefore(list, 10, viewer)).toBe('m13');
    expect(dividerBefore(list, 9, viewer)).toBe('m10');
    expect(dividerBefore(list, 13, viewer)).toBe('m14');
  });

  it('is absent when everything was read or only the viewer wrote since', () => {
    expect(dividerBefore(list, 14, viewer)).toBeNull();
    expect(dividerBefore(list.slice(0, 3), 10, viewer)).toBeNull();
  });

  it('skips deleted messages', () => {
    expect(dividerBefore([msg(13, { deleted: true, body: '' }), msg(14)], 12, viewer)).toBe('m14');
  });
});

describe('message blocks', () => {
  it('continues a block for the same author within five minutes only', () => {
    expect(continuesBlock(undefined, msg(1))).toBe(false);
    expect(continuesBlock(msg(1), msg(2))).toBe(true);
    expect(continuesBlock(msg(1), msg(7))).toBe(false);
    expect(continuesBlock(msg(1), msg(2, { author: person('bo') }))).toBe(false);
    expect(continuesBlock(msg(1, { author: null }), msg(2, { author: null }))).toBe(false);
  });
});
