// Multi-select on the board: which cards a click, Shift+click or X picks. Pure, so the rules
// are tested without a browser.

/** The card toggled: in if it was out (while there is room), out if it was in. */
export function toggleOne(selected: ReadonlySet<string>, id: string, max: number): { next: ReadonlySet<string>; full: boolean } {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else if (next.size >= max) return { next: selected, full: true };
  else next.add(id);
  return { next, full: false };
}

/**
 * Shift+click: every card from the anchor (the last one toggled) to this one in the list
 * they share is selected. Without an anchor in that list it is a plain toggle.
 */
export function selectRange(
  selected: ReadonlySet<string>,
  list: readonly string[],
  anchor: string | null,
  id: string,
  max: number,
): { next: ReadonlySet<string>; full: boolean } {
  const from = anchor ? list.indexOf(anchor) : -1;
  const to = list.indexOf(id);
  if (from < 0 || to < 0) return toggleOne(selected, id, max);
  const next = new Set(selected);
  const [lo, hi] = from < to ? [from, to] : [to, from];
  for (const x of list.slice(lo, hi + 1)) {
    if (next.size >= max && !next.has(x)) return { next, full: true };
    next.add(x);
  }
  return { next, full: false };
}

/**
 * Where a card dropped into a swimlane cell lands in its column (rank is per column, a cell
 * shows part of it): after the card above it in the cell; at the cell's top, just before the
 * card below it; alone in the cell, where it was (same column) or at the column's end.
 */
export function laneAfterId(column: readonly string[], cell: readonly string[], cardId: string, sameColumn: boolean): string | null {
  const others = column.filter((id) => id !== cardId);
  const at = cell.indexOf(cardId);
  if (at > 0) return cell[at - 1];
  const below = cell[at + 1];
  if (below !== undefined) {
    const i = others.indexOf(below);
    return i > 0 ? others[i - 1] : null;
  }
  if (sameColumn) {
    const i = column.indexOf(cardId);
    return i > 0 ? column[i - 1] : null;
  }
  return others.at(-1) ?? null;
}
