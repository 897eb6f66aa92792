import { atom, getDefaultStore, type PrimitiveAtom, type SetStateAction } from 'jotai';

export type AtomStore = ReturnType<typeof getDefaultStore>;

/** A jotai atom with its store's reads and writes at hand, for code outside React (socket callbacks, timers, fetch errors). */
export type BoundAtom<T> = {
  atom: PrimitiveAtom<T>;
  get: () => T;
  set: (next: SetStateAction<T>) => void;
  subscribe: (listener: () => void) => () => void;
};

/**
 * Client state lives in jotai atoms; components read them with `useAtomValue`. Without a
 * Provider they share the default store, which is also the one these helpers write to, so
 * a socket event or a failed request outside React reaches the components that show it.
 * Tests pass their own store to start clean.
 */
export function boundAtom<T>(initial: T, store: AtomStore = getDefaultStore()): BoundAtom<T> {
  const value = atom(initial);
  return {
    atom: value,
    get: () => store.get(value),
    set: (next) => store.set(value, next),
    subscribe: (listener) => store.sub(value, listener),
  };
}
