'use client';

import { useEffect, type ReactNode } from 'react';
import { openPicker } from '@/lib/shell/picker';

/** Opens the picker as the page shows, carrying the guard's `redir` (the page it was sent from). */
export function OpenPickerOnLoad({ redir }: { redir: string | null }) {
  useEffect(() => openPicker({ redir }), [redir]);
  return null;
}

/** A button that opens the picker, optionally preselected on one project. */
export function ChooseProjectButton(props: { projectId?: string; className: string; children: ReactNode; label?: string; testId?: string }) {
  const { projectId, className, children, label, testId } = props;
  return (
    <button type="button" onClick={() => openPicker({ projectId })} aria-haspopup="dialog" aria-label={label} className={className} data-testid={testId}>
      {children}
    </button>
  );
}
