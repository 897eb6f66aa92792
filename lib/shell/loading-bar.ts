import { boundAtom } from './atoms';

export type BarTiming = { throttle: number; duration: number; hideDelay: number; resetDelay: number };
export const LOADING_BAR: BarTiming = { throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400 };

export type BarState = { visible: boolean; progress: number; active: boolean };

/**
 * The navigation bar: shown only when a navigation outlasts the throttle, grows over
 * `duration`, and after finishing stays `hideDelay` at 100% before hiding; the width
 * resets `resetDelay` later so the next start grows from zero.
 */
export function createLoadingBar(timing: BarTiming = LOADING_BAR) {
  const store = boundAtom<BarState>({ visible: false, progress: 0, active: false });
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let reset: ReturnType<typeof setTimeout> | undefined;

  function start() {
    if (store.get().active) return;
    clearTimeout(hide);
    clearTimeout(reset);
    store.set((s) => ({ ...s, active: true }));
    throttle = setTimeout(() => {
      throttle = undefined;
      store.set({ visible: true, progress: 90, active: true });
    }, timing.throttle);
  }

  function done() {
    if (!store.get().active) return;
    if (throttle) {
      clearTimeout(throttle);
      throttle = undefined;
      store.set({ visible: false, progress: 0, active: false });
      return;
    }
    store.set({ visible: true, progress: 100, active: false });
    hide = setTimeout(() => {
      store.set((s) => ({ ...s, visible: false }));
      reset = setTimeout(() => store.set((s) => ({ ...s, progress: 0 })), timing.resetDelay);
    }, timing.hideDelay);
  }

  return { store, start, done, timing };
}

export const loadingBar = createLoadingBar();
