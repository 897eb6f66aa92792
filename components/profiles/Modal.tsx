'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: the browser traps focus and closes it on Escape. It opens when
 * mounted; the parent unmounts it from `onClose`, and focus goes back to what opened it.
 */
export function Modal({ title, onClose, locked = false, wide = false, testId, children }: { title: string; onClose: () => void; locked?: boolean; wide?: boolean; testId?: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // The close event is queued: after a quick close-and-reopen (React's strict-mode
      // remount) it arrives while the dialog is open again, and is not a real close.
      onClose={() => !ref.current?.open && onClose()}
      // While a request is under way Escape would leave it without an answer on screen.
      onCancel={(e) => locked && e.preventDefault()}
      className={`bg-surface text-ink border-line m-auto w-[calc(100%-2rem)] rounded-lg border p-0 shadow-xl backdrop:bg-black/40 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
      data-testid={testId}
    >
      <h2 id={titleId} className="border-line border-b px-5 py-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
