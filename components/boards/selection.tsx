'use client';

import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { createContext, useContext, useMemo } from 'react';
import { selectedCardsAtom, selectionAnchorAtom } from '@/lib/boards/atoms';
import { BULK_CARDS_MAX } from '@/lib/boards/limits';
import { selectRange, toggleOne } from '@/lib/boards/selection';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';

/** How a tile picks itself: null where cards cannot be selected (no right to change them, or the list views). */
export type CardPicker = { pick: (cardId: string, range: boolean) => void } | null;
export const CardPickerContext = createContext<CardPicker>(null);

/** A picker over the given lists of card ids (each column, or each swimlane cell): Shift+click selects within one. */
export function useCardPicker(lists: () => readonly (readonly string[])[]): NonNullable<CardPicker> {
  const store = useStore();
  const t = useText('boards');
  return useMemo(
    () => ({
      pick: (cardId: string, range: boolean) => {
        const selected = store.get(selectedCardsAtom);
        const anchor = store.get(selectionAnchorAtom);
        const list = range ? lists().find((l) => l.includes(cardId) && anchor !== null && l.includes(anchor)) : undefined;
        const { next, full } = list ? selectRange(selected, list, anchor, cardId, BULK_CARDS_MAX) : toggleOne(selected, cardId, BULK_CARDS_MAX);
        if (full) alerts.push({ type: 'warning', title: t('select.limit', { max: BULK_CARDS_MAX }) });
        store.set(selectedCardsAtom, next);
        store.set(selectionAnchorAtom, cardId);
      },
    }),
    [store, lists, t],
  );
}

/** Whether this one card is selected: each tile re-renders only when its own answer changes. */
export function useIsSelected(cardId: string): boolean {
  const selectedAtom = useMemo(() => atom((get) => get(selectedCardsAtom).has(cardId)), [cardId]);
  return useAtomValue(selectedAtom);
}

export function useAnySelected(): boolean {
  return useAtomValue(useMemo(() => atom((get) => get(selectedCardsAtom).size > 0), []));
}

export function useClearSelection() {
  const set = useSetAtom(selectedCardsAtom);
  return () => set(new Set<string>());
}

export const usePicker = () => useContext(CardPickerContext);
