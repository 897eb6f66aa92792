import { boundAtom } from './atoms';

// SPEC.md section 4: the blocking loader starts false. Counted, so nested work
// keeps the overlay up until the last piece ends.
export const overlay = boundAtom(0);

export async function withOverlay<T>(work: () => Promise<T>): Promise<T> {
  overlay.set((n) => n + 1);
  try {
    return await work();
  } finally {
    overlay.set((n) => Math.max(0, n - 1));
  }
}
