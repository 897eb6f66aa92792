import { logger } from '../log/logger';
import { errorText } from '../log/error-text';

/** A set of callbacks told the same thing in turn; one that throws is logged, not the others' problem. */
export function listeners<T extends unknown[]>() {
  const set = new Set<(...args: T) => void>();
  return {
    add(fn: (...args: T) => void) {
      set.add(fn);
      return () => void set.delete(fn);
    },
    emit(...args: T) {
      for (const fn of set) {
        try {
          fn(...args);
        } catch (error) {
          logger.error({ err: errorText(error) }, 'listener failed');
        }
      }
    },
  };
}
