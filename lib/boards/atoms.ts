import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { NO_FILTERS, type BoardFilters } from './filters';
import type { LaneBy } from './lanes';

// The board page's own state (not server data): filters, the view, the card open in the dialog.

export type BoardMode = 'board' | 'list' | 'archived';
export const boardFiltersAtom = atom<BoardFilters>(NO_FILTERS);
export const boardModeAtom = atom<BoardMode>('board');
/** The card whose dialog is open, or null. */
export const openCardAtom = atom<string | null>(null);

/** The cards picked for a bulk action, and the last one toggled (where Shift+click starts). */
export const selectedCardsAtom = atom<ReadonlySet<string>>(new Set<string>());
export const selectionAnchorAtom = atom<string | null>(null);

/**
 * Each person's swimlane choice per board (`<user>:<board>`), kept in this browser: a view
 * preference like the requests' saved filters, not data another device needs. Read after
 * mounting, so the server's render and the first client render agree.
 */
const laneStorage = createJSONStorage<Record<string, LaneBy>>();
export const laneChoicesAtom = atomWithStorage<Record<string, LaneBy>>('atrio.boards.lanes', {}, laneStorage);
