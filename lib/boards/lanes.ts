import type { BoardView, CardView } from './types';

// Swimlanes: the board's cards grouped into rows by assignee or by label, the columns across.
// Pure, so the browser's grouping and optimistic moves and the server's lane moves agree.

export type LaneBy = 'none' | 'assignee' | 'label';
export const LANE_BYS: LaneBy[] = ['none', 'assignee', 'label'];
/** A lane: one member or label (`id`), or (`id` null) the cards with none. */
export type Lane = { key: string; id: string | null; name: string; color: string | null; cards: CardView[] };
/** The key of the lane of cards without an assignee (or label). */
export const NO_LANE = 'none';
/** Past this many members or labels, only lanes holding cards are drawn: a project of hundreds of members stays readable. */
export const EMPTY_LANES_UP_TO = 20;

/** The lanes a card belongs to: each of its assignees (or labels) the board knows, else the "none" lane. */
export function laneKeysOf(card: Pick<CardView, 'assigneeIds' | 'labelIds'>, by: Exclude<LaneBy, 'none'>, known: ReadonlySet<string>): string[] {
  const ids = (by === 'assignee' ? card.assigneeIds : card.labelIds).filter((id) => known.has(id));
  return ids.length ? ids : [NO_LANE];
}

/**
 * The lanes of `cards` (already filtered, in board order), in the order of the board's
 * members or labels, the "none" lane last. A card with two assignees is in both their lanes.
 */
export function groupIntoLanes(board: Pick<BoardView, 'members' | 'labels'>, cards: CardView[], by: Exclude<LaneBy, 'none'>): Lane[] {
  const owners =
    by === 'assignee'
      ? board.members.map((m) => ({ id: m.id, name: m.name, color: null }))
      : board.labels.map((l) => ({ id: l.id, name: l.name, color: l.color }));
  const known = new Set(owners.map((o) => o.id));
  const grouped = new Map<string, CardView[]>([...owners.map((o) => [o.id, []] as [string, CardView[]]), [NO_LANE, []]]);
  for (const card of cards) for (const key of laneKeysOf(card, by, known)) grouped.get(key)!.push(card);
  const showEmpty = owners.length <= EMPTY_LANES_UP_TO;
  const lanes: Lane[] = owners
    .filter((o) => showEmpty || grouped.get(o.id)!.length > 0)
    .map((o) => ({ key: o.id, id: o.id, name: o.name, color: o.color, cards: grouped.get(o.id)! }));
  lanes.push({ key: NO_LANE, id: null, name: '', color: null, cards: grouped.get(NO_LANE)! });
  return lanes;
}

/**
 * A card's assignees (or labels) after it moves from the lane of `from` to the lane of `to`:
 * `from` leaves, `to` joins; into the "none" lane (`to` null) it keeps none at all.
 */
export function idsAfterLaneMove(ids: readonly string[], from: string | null, to: string | null): string[] {
  if (to === null) return [];
  if (from === to) return [...ids];
  const kept = from === null ? [...ids] : ids.filter((id) => id !== from);
  return kept.includes(to) ? kept : [...kept, to];
}

/** A sortable item's id in the lanes view: one card may be in several lanes, and each copy needs its own id. */
export const laneItemId = (lane: string, cardId: string) => `${lane}|${cardId}`;
export const cardOfItem = (item: string) => item.slice(item.indexOf('|') + 1);
export const laneOfItem = (item: string) => item.slice(0, item.indexOf('|'));
