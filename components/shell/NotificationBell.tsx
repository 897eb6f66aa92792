'use client';

import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { syncPermission } from '@/components/realtime/browser-notifications';
import { useText } from '@/lib/i18n/client';
import { intentProps } from '@/lib/shell/idle';
import { notifications, unreadCount } from '@/lib/shell/notifications';
import { BELL_TRIGGER, BellFace } from './BellFace';

// The panel (a Radix Popover, with its focus scope and Floating UI: about 25 kB gzip) is a
// chunk of its own, fetched at the first sign of intent: every signed-in page loads only the
// bell, which keeps them within their First Load JS budget.
const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(loadPanel);

/** The app bar's notification bell with the unread count; its panel opens under it (see NotificationPanel). */
export function NotificationBell() {
  const t = useText('notifications');
  const unread = unreadCount(useAtomValue(notifications.store.atom));
  const [wanted, setWanted] = useState(false);

  useEffect(() => syncPermission(), []);

  const label = unread > 0 ? t('bellUnread', { count: unread }) : t('bell');
  const button = (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...intentProps(loadPanel)}
      onClick={() => setWanted(true)}
      className={BELL_TRIGGER}
      data-testid="notification-bell"
    >
      <BellFace unread={unread} />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <NotificationPanel />
    </Suspense>
  );
}
