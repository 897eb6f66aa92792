import { boundAtom } from '../shell/atoms';

/**
 * Counts down once a second to 0; starting again replaces the running count. `from` is the
 * figure shown before any start (as on the server's render), e.g. to `start(store.get())` once mounted.
 */
export function createCountdown(from = 0) {
  const store = boundAtom(Math.max(0, Math.ceil(Number(from) || 0)));
  let timer: ReturnType<typeof setInterval> | undefined;
  function stop() {
    clearInterval(timer);
    timer = undefined;
  }
  function start(seconds: number) {
    stop();
    const from = Math.max(0, Math.ceil(Number(seconds) || 0));
    store.set(from);
    if (from === 0) return;
    timer = setInterval(() => {
      const next = store.get() - 1;
      store.set(next);
      if (next <= 0) stop();
    }, 1000);
  }
  return { store, start, stop };
}
