'use client';

import { lazy, Suspense, useState } from 'react';
import { useText } from '@/lib/i18n/client';
import { intentProps } from '@/lib/shell/idle';

// The menu (a Radix dropdown, with its focus scope and Floating UI: about 30 kB gzip) is a
// chunk of its own, fetched at the first sign of intent, so the chats page loads within its
// First Load JS budget; each message shows a plain button until its menu is asked for.
const loadMenu = () => import('./MessageMenu');
const MessageMenu = lazy(loadMenu);

/** Always in the tab order and on screen for touch; faint until hovered or focused. */
export const MESSAGE_ACTIONS_TRIGGER =
  'grid size-8 shrink-0 place-items-center rounded opacity-60 group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-surface-2 data-[state=open]:bg-surface-2 data-[state=open]:opacity-100';

export function DotsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <circle cx="4" cy="10" r="1.6" />
      <circle cx="10" cy="10" r="1.6" />
      <circle cx="16" cy="10" r="1.6" />
    </svg>
  );
}

/** The "…" button of one of the viewer's messages: Edit and Delete. */
export function MessageActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const t = useText('chats');
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label={t('messageActions')}
      aria-haspopup="menu"
      aria-expanded={false}
      {...intentProps(loadMenu)}
      onClick={() => setWanted(true)}
      // As a menu button opens: Enter, Space and the down arrow.
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        setWanted(true);
      }}
      className={MESSAGE_ACTIONS_TRIGGER}
      data-testid="chat-message-actions"
    >
      <DotsIcon />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MessageMenu onEdit={onEdit} onDelete={onDelete} />
    </Suspense>
  );
}
