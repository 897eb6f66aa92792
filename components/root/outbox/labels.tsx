'use client';

import { useText } from '@/lib/i18n/client';
import type { MailKind } from '@/lib/mail/templates';
import type { EmailState as State } from '@/lib/root/outbox';

// Every template has a label; a kind outside them (older rows) shows as stored.
const KINDS: Record<MailKind, true> = {
  emailConfirmation: true,
  emailChange: true,
  emailChangeNotice: true,
  emailInUse: true,
  passwordReset: true,
  passwordChanged: true,
  projectRequested: true,
  projectEnabled: true,
  projectDisabled: true,
  invitation: true,
  test: true,
};

export function kindLabel(kind: string, t: (key: string) => string): string {
  return Object.hasOwn(KINDS, kind) ? t(`kinds.${kind}`) : kind;
}

const BADGE: Record<State, string> = {
  sent: 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300',
  failed: 'bg-red-600/15 text-red-800 dark:text-red-300',
  kept: 'bg-amber-500/20 text-amber-900 dark:text-amber-200',
};

/** Sent, failed or kept, as a badge. */
export function EmailState({ state }: { state: State }) {
  const t = useText('rootOutbox');
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE[state]}`}>{t(`states.${state}`)}</span>;
}
