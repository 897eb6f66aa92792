import { boundAtom, type BoundAtom } from './atoms';

export const ALERT_TIMEOUT_MS = 3000;

export type AlertType = 'success' | 'info' | 'warning' | 'error';
export type AlertInput = {
  type: AlertType;
  title?: string;
  text?: string;
  variant?: 'flat' | 'tonal' | 'outlined';
  icon?: string;
  /** Milliseconds before it closes by itself; defaults to 3000. */
  timeout?: number;
};
export type Alert = AlertInput & { id: string; timer?: ReturnType<typeof setTimeout> };

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * SPEC.md section 4: whenever the list is non-empty, its first alert gets an id and a
 * timer; when the timer fires or the user closes it, it is removed and the next one
 * starts its own.
 */
export function createAlerts(store: BoundAtom<Alert[]> = boundAtom<Alert[]>([])) {
  function arm() {
    const [first] = store.get();
    if (!first || first.timer) return;
    const timer = setTimeout(() => close(first.id), first.timeout ?? ALERT_TIMEOUT_MS);
    store.set((list) => list.map((a) => (a.id === first.id ? { ...a, timer } : a)));
  }
  function push(input: AlertInput): string {
    const id = randomId();
    store.set((list) => [...list, { variant: 'flat', ...input, id }]);
    arm();
    return id;
  }
  function close(id: string) {
    const alert = store.get().find((a) => a.id === id);
    if (alert?.timer) clearTimeout(alert.timer);
    store.set((list) => list.filter((a) => a.id !== id));
    arm();
  }
  function clear() {
    store.get().forEach((a) => a.timer && clearTimeout(a.timer));
    store.set([]);
  }
  return { store, push, close, clear };
}

/** The app's one alert stack. */
export const alerts = createAlerts();
