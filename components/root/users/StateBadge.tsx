'use client';

import { useText } from '@/lib/i18n/client';
import type { UserState } from '@/lib/root/user-schemas';

const TONE: Record<UserState, string> = {
  confirmed: 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300',
  unconfirmed: 'bg-amber-500/20 text-amber-900 dark:text-amber-200',
  disabled: 'bg-red-600/15 text-red-800 dark:text-red-300',
};

/** A user's state as a small badge: unconfirmed, confirmed or disabled. */
export function StateBadge({ state }: { state: UserState }) {
  const t = useText('rootUsers');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[state]}`} data-testid="root-user-state" data-state={state}>
      {t(`states.${state}`)}
    </span>
  );
}

/** The platform-root marker next to a name. */
export function RootMarker() {
  const t = useText('rootUsers');
  return (
    <span title={t('rootHint')} className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-accent" data-testid="root-user-root">
      {t('root')}
    </span>
  );
}
