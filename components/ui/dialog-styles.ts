import type { ReactNode } from 'react';

export type DialogProps = {
  title: string;
  /** A line under the title; it also describes the dialog to assistive technology. */
  lead?: string;
  onClose: () => void;
  /** While a request is under way Escape does nothing: closing would hide its answer. */
  busy?: boolean;
  wide?: boolean;
  testId?: string;
  /** Everything under the title, padding included: a form may need to span body and foot. */
  children: ReactNode;
};

/** The backdrop and the centred panel every dialog shares (the picker's is narrower). */
export const dialogOverlay = 'fixed inset-0 z-50 bg-black/40';
export const dialogPanel =
  'bg-surface text-ink border-line fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-card border shadow-overlay focus:outline-none';
