import { atom } from 'jotai';
import { NO_FILTERS, type BoardFilters } from './filters';

// The board page's own state (not server data): filters, the view, the card open in the dialog.

export type BoardMode = 'board' | 'list' | 'archived';
export const boardFiltersAtom = atom<BoardFilters>(NO_FILTERS);
export const boardModeAtom = atom<BoardMode>('board');
/** The card whose dialog is open, or null. */
export const openCardAtom = atom<string | null>(null);
