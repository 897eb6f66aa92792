import type { CardView } from '@/lib/boards/types';

/** A board card as the board's view holds it: open, in "todo", with nothing on it but `over`. */
export function cardView(id: string, over: Partial<CardView> = {}): CardView {
  return {
    id,
    columnId: 'todo',
    rank: id,
    title: id,
    assigneeIds: [],
    labelIds: [],
    dueOn: null,
    checklist: { done: 0, total: 0 },
    comments: 0,
    attachments: 0,
    coverId: null,
    archived: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
