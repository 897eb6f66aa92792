import { describe, expect, it } from 'vitest';
import { EMPTY_LANES_UP_TO, groupIntoLanes, idsAfterLaneMove, laneItemId, cardOfItem, laneOfItem } from '@/lib/boards/lanes';
import { laneAfterId, selectRange, toggleOne } from '@/lib/boards/selection';
import { BOARD_TEMPLATE_IDS, templateContent } from '@/lib/boards/templates';
import { textFor } from '@/lib/i18n/server-text';
import { cardView } from './helpers/card-view';

const card = cardView;
const board = {
  members: [
    { id: 'ana', name: 'Ana' },
    { id: 'bo', name: 'Bo' },
  ],
  labels: [
    { id: 'bug', name: 'Bug', color: '#c00' },
    { id: 'ux', name: 'UX', color: '#0a0' },
  ],
};
const summary = (lanes: ReturnType<typeof groupIntoLanes>) => lanes.map((l) => [l.key, l.cards.map((c) => c.id)]);

describe('swimlane grouping', () => {
  it('groups by assignee in the members’ order, a shared card in each of its lanes, the "none" lane last', () => {
    const cards = [card('a', { assigneeIds: ['bo', 'ana'] }), card('b'), card('c', { assigneeIds: ['bo'] }), card('d', { assigneeIds: ['gone'] })];
    expect(summary(groupIntoLanes(board, cards, 'assignee'))).toEqual([
      ['ana', ['a']],
      ['bo', ['a', 'c']],
      // Nobody, or only someone no longer a member: the "none" lane, so the card is never lost.
      ['none', ['b', 'd']],
    ]);
  });

  it('groups by label with each lane’s colour, keeping empty lanes as drop targets', () => {
    const lanes = groupIntoLanes(board, [card('a', { labelIds: ['ux'] })], 'label');
    expect(summary(lanes)).toEqual([
      ['bug', []],
      ['ux', ['a']],
      ['none', []],
    ]);
    expect(lanes.map((l) => l.color)).toEqual(['#c00', '#0a0', null]);
    expect(lanes.at(-1)!.id).toBeNull();
  });

  it('leaves out empty lanes once there are more members than a screen holds', () => {
    const members = Array.from({ length: EMPTY_LANES_UP_TO + 1 }, (_, i) => ({ id: `m${i}`, name: `M${i}` }));
    const lanes = groupIntoLanes({ members, labels: [] }, [card('a', { assigneeIds: ['m7'] })], 'assignee');
    expect(summary(lanes)).toEqual([
      ['m7', ['a']],
      ['none', []],
    ]);
  });

  it('a lane move swaps the lane’s owner, keeps the others, and into "none" clears them all', () => {
    expect(idsAfterLaneMove(['ana', 'bo'], 'ana', 'cy')).toEqual(['bo', 'cy']);
    expect(idsAfterLaneMove(['ana', 'bo'], 'ana', 'bo')).toEqual(['bo']);
    expect(idsAfterLaneMove([], null, 'ana')).toEqual(['ana']);
    expect(idsAfterLaneMove(['ana', 'bo'], 'bo', null)).toEqual([]);
    expect(idsAfterLaneMove(['ana'], 'ana', 'ana')).toEqual(['ana']);
  });

  it('item ids carry the lane and the card', () => {
    const item = laneItemId('none', '3f0c8c4e-0000-4000-8000-000000000001');
    expect([laneOfItem(item), cardOfItem(item)]).toEqual(['none', '3f0c8c4e-0000-4000-8000-000000000001']);
  });
});

describe('selection', () => {
  it('toggles a card in and out, and refuses one more past the limit', () => {
    const one = toggleOne(new Set(), 'a', 2).next;
    expect([...one]).toEqual(['a']);
    expect([...toggleOne(one, 'a', 2).next]).toEqual([]);
    const full = toggleOne(new Set(['a', 'b']), 'c', 2);
    expect(full.full).toBe(true);
    expect([...full.next]).toEqual(['a', 'b']);
  });

  it('Shift selects from the anchor to the card in either direction, else toggles', () => {
    const list = ['a', 'b', 'c', 'd', 'e'];
    expect([...selectRange(new Set(['z']), list, 'b', 'd', 10).next].sort()).toEqual(['b', 'c', 'd', 'z']);
    expect([...selectRange(new Set(), list, 'e', 'c', 10).next].sort()).toEqual(['c', 'd', 'e']);
    expect([...selectRange(new Set(), list, null, 'c', 10).next]).toEqual(['c']);
    expect([...selectRange(new Set(), list, 'elsewhere', 'c', 10).next]).toEqual(['c']);
    const capped = selectRange(new Set(), list, 'a', 'e', 3);
    expect(capped).toMatchObject({ full: true });
    expect(capped.next.size).toBe(3);
  });

  it('places a card dropped in a lane cell within its whole column', () => {
    const column = ['a', 'b', 'c', 'd'];
    // Below "c" in the cell: right after it.
    expect(laneAfterId(column, ['c', 'x'], 'x', false)).toBe('c');
    // On top of "c" in the cell: just before "c" in the column, after "b".
    expect(laneAfterId(column, ['x', 'c'], 'x', false)).toBe('b');
    expect(laneAfterId(column, ['x', 'a'], 'x', false)).toBeNull();
    // Alone in the cell: where it was in its own column, or at the end of another.
    expect(laneAfterId(column, ['c'], 'c', true)).toBe('b');
    expect(laneAfterId(column, ['x'], 'x', false)).toBe('d');
    expect(laneAfterId([], ['x'], 'x', false)).toBeNull();
  });
});

describe('board templates', () => {
  it('names every template’s columns and labels in both languages', () => {
    for (const locale of ['en', 'es'] as const)
      for (const id of BOARD_TEMPLATE_IDS) {
        const { columns, labels } = templateContent(id, textFor(locale, 'boards'));
        for (const name of [...columns, ...labels].map((x) => x.name)) expect(name, `${locale} ${id}`).not.toMatch(/^templates\./);
      }
    expect(templateContent('kanban', textFor('es', 'boards')).columns.map((c) => c.name)).toEqual(['Por hacer', 'Haciendo', 'Hecho']);
    expect(templateContent('blank', textFor('en', 'boards'))).toEqual({ columns: [], labels: [] });
  });
});
