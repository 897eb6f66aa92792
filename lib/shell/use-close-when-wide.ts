import { useEffect } from 'react';

/**
 * Closes a drawer once the window is at least `minWidth` px wide: there the page shows what the
 * drawer holds, and a drawer left open would keep the focus and the scroll for nothing.
 */
export function useCloseWhenWide(minWidth: number, onClose: () => void): void {
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${minWidth}px)`);
    const onChange = () => {
      if (wide.matches) onClose();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [minWidth, onClose]);
}
