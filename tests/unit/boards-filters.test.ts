import { describe, expect, it } from 'vitest';
import { placeCard } from '@/components/boards/cache';
import { isOverdue, matches, NO_FILTERS, todayIn } from '@/lib/boards/filters';
import type { BoardView, CardView } from '@/lib/boards/types';
import { cardView } from './helpers/card-view';

const card = (over: Partial<CardView>): CardView => cardView('c1', { rank: 'V', title: 'Fix the signup form', ...over });

describe('board filters', () => {
  it('takes today in the user’s time zone', () => {
    const instant = new Date('2026-03-01T02:00:00Z');
    expect(todayIn('America/Santiago', instant)).toBe('2026-02-28');
    expect(todayIn('Europe/Madrid', instant)).toBe('2026-03-01');
    expect(todayIn('Not/AZone', instant)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('calls a card overdue only after its due day', () => {
    expect(isOverdue(card({ dueOn: '2026-02-27' }), '2026-02-28')).toBe(true);
    expect(isOverdue(card({ dueOn: '2026-02-28' }), '2026-02-28')).toBe(false);
    expect(isOverdue(card({}), '2026-02-28')).toBe(false);
  });

  it('filters by assignee, label, due and text', () => {
    const today = '2026-02-28';
    const c = card({ assigneeIds: ['u1'], labelIds: ['l1'], dueOn: '2026-03-03' });
    expect(matches(c, NO_FILTERS, today)).toBe(true);
    expect(matches(c, { ...NO_FILTERS, assignee: 'u1' }, today)).toBe(true);
    expect(matches(c, { ...NO_FILTERS, assignee: 'u2' }, today)).toBe(false);
    expect(matches(c, { ...NO_FILTERS, assignee: 'none' }, today)).toBe(false);
    expect(matches(card({}), { ...NO_FILTERS, assignee: 'none' }, today)).toBe(true);
    expect(matches(c, { ...NO_FILTERS, label: 'l2' }, today)).toBe(false);
    expect(matches(c, { ...NO_FILTERS, due: 'week' }, today)).toBe(true);
    // The same seven days as the home's "due this week": today to today + 6.
    expect(matches(card({ dueOn: '2026-03-06' }), { ...NO_FILTERS, due: 'week' }, today)).toBe(true);
    expect(matches(card({ dueOn: '2026-03-07' }), { ...NO_FILTERS, due: 'week' }, today)).toBe(false);
    expect(matches(card({ dueOn: '2026-02-27' }), { ...NO_FILTERS, due: 'week' }, today)).toBe(false);
    expect(matches(c, { ...NO_FILTERS, due: 'overdue' }, today)).toBe(false);
    expect(matches(c, { ...NO_FILTERS, due: 'none' }, today)).toBe(false);
    expect(matches(c, { ...NO_FILTERS, text: '  SIGNUP ' }, today)).toBe(true);
    expect(matches(c, { ...NO_FILTERS, text: 'login' }, today)).toBe(false);
  });
});

describe('optimistic moves', () => {
  it('places a card right after another by the server’s rank rule', () => {
    const board: BoardView = {
      id: 'b',
      name: 'B',
      columns: [],
      labels: [],
      members: [],
      cards: [card({ id: 'a', rank: 'A' }), card({ id: 'b', rank: 'B' }), card({ id: 'x', rank: 'V', columnId: 'done' })],
    };
    const moved = placeCard(board, 'x', 'todo', 'a');
    expect(moved.cards.filter((c) => c.columnId === 'todo').map((c) => c.id)).toEqual(['a', 'x', 'b']);
    const top = placeCard(board, 'b', 'todo', null);
    expect(top.cards.filter((c) => c.columnId === 'todo').map((c) => c.id)).toEqual(['b', 'a']);
  });
});
