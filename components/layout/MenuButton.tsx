'use client';

import type { Ref } from 'react';
import { intentProps } from '@/lib/shell/idle';

type Props = {
  label: string;
  open: boolean;
  /** Fetches the drawer's chunk; called at the first sign of intent. */
  load: () => unknown;
  onOpen: () => void;
  /** Where it hides (the breakpoint from which the page shows the drawer's content). */
  className: string;
  testId: string;
  ref?: Ref<HTMLButtonElement>;
};

/** The three-line button that opens a drawer fetched on demand (public menu, dashboard sidebar). */
export function MenuButton({ label, open, load, onOpen, className, testId, ref }: Props) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      {...intentProps(load)}
      onClick={onOpen}
      className={`grid size-9 place-items-center rounded-control hover:bg-surface-2 ${className}`}
      data-testid={testId}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </button>
  );
}
