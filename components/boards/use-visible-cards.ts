'use client';

import { useAtomValue } from 'jotai';
import { useDeferredValue, useMemo } from 'react';
import { boardFiltersAtom } from '@/lib/boards/atoms';
import { matches, todayIn } from '@/lib/boards/filters';
import type { BoardView } from '@/lib/boards/types';

/** The board's cards that pass the filters, and today in the user's zone (for "overdue"). */
export function useVisibleCards(board: BoardView, timeZone: string | null) {
  // Typing in the search box stays responsive on a board of a thousand cards.
  const filters = useDeferredValue(useAtomValue(boardFiltersAtom));
  const today = todayIn(timeZone);
  const cards = useMemo(() => board.cards.filter((c) => matches(c, filters, today)), [board.cards, filters, today]);
  return { cards, today };
}
