'use client';

import * as Popover from '@radix-ui/react-popover';
import { useAtomValue } from 'jotai';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { askPermission, permissionStore } from '@/components/realtime/browser-notifications';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { notifications, unreadCount, type NotificationEntry } from '@/lib/shell/notifications';
import { BELL_TRIGGER, BellFace } from './BellFace';

const ICONS: Record<NotificationEntry['icon'], string> = {
  chat: 'M4 5h16v11H8l-4 4V5Z',
};

/**
 * The app bar's notification list, loaded by NotificationBell at the first click and mounted
 * open in place of the plain button that stood for it.
 *
 * A Radix Popover rather than a dropdown menu: the panel is a small non-modal dialog with a
 * heading, an empty state and actions of different kinds (mark all read and clear keep it
 * open, an entry navigates, the last one asks the browser), which a menu of menuitems does
 * not describe. The popover brings Escape (focus back to the bell), the outside press (focus
 * stays where it went), Tab leaving it and the positioning; up and down between the panel's
 * buttons are ours.
 */
export default function NotificationPanel() {
  const t = useText('notifications');
  const locale = useLocale();
  const router = useRouter();
  const list = useAtomValue(notifications.store.atom);
  const permission = useAtomValue(permissionStore.atom);
  const [open, setOpen] = useState(true);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const unread = unreadCount(list);

  const follow = (entry: NotificationEntry) => {
    if (entry.removeOnClick) notifications.remove(entry.id);
    // Closing hands the focus back to the bell (the popover does it when nothing outside was pressed).
    setOpen(false);
    router.push(entry.href);
  };

  // Up and down move between the panel's buttons, wrapping around.
  const onPanelKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    if (items.length === 0) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at <= 0 ? items.length : at) - 1;
    items[next].focus();
  };

  const label = unread > 0 ? t('bellUnread', { count: unread }) : t('bell');
  const canAsk = permission === 'default' || permission === 'denied';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label={label} title={label} className={BELL_TRIGGER} data-testid="notification-bell">
        <BellFace unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          ref={panel}
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={headingId}
          // The panel itself takes the focus, so its heading is what is read first; arrows go on from there.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            panel.current?.focus();
          }}
          onKeyDown={onPanelKey}
          className="z-50 flex max-h-[min(70vh,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-1.5rem)] flex-col rounded-control border border-line bg-surface text-ink shadow-overlay outline-none"
          data-testid="notification-panel"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
            <h2 id={headingId} className="text-sm font-semibold">
              {t('title')}
            </h2>
            <div className="flex gap-1">
              {unread > 0 && (
                <button
                  type="button"
                  onClick={() => {
                    notifications.markAllRead();
                    // The button goes away with the last unread entry; the focus stays in the panel.
                    panel.current?.focus();
                  }}
                  className="rounded px-2 py-1 text-xs font-medium text-accent hover:bg-surface-2"
                >
                  {t('markAllRead')}
                </button>
              )}
              {list.length > 0 && (
                <button
                  type="button"
                  onClick={() => {
                    notifications.clear();
                    panel.current?.focus();
                  }}
                  className="rounded px-2 py-1 text-xs font-medium text-muted hover:bg-surface-2"
                >
                  {t('clear')}
                </button>
              )}
            </div>
          </div>
          {list.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted">{t('empty')}</p>
          ) : (
            <ul className="flex-1 overflow-y-auto py-1">
              {list.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    onClick={() => follow(entry)}
                    className="flex w-full items-start gap-3 px-3 py-2 text-left hover:bg-surface-2"
                    data-testid="notification-entry"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      className="mt-0.5 size-5 shrink-0 text-accent"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinejoin="round"
                    >
                      <path d={ICONS[entry.icon]} />
                    </svg>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className={`truncate text-sm ${entry.unread ? 'font-semibold' : ''}`}>{entry.title}</span>
                        <time dateTime={entry.time} className="shrink-0 text-xs text-muted">
                          {formatDateTime(entry.time, locale)}
                        </time>
                      </span>
                      <span className="line-clamp-2 text-xs break-words text-muted">{entry.subtitle}</span>
                    </span>
                    {entry.unread && (
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-red-600">
                        <span className="sr-only">{t('unreadEntry')}</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {canAsk && (
            <div className="border-t border-line p-2">
              <button
                type="button"
                onClick={() => void askPermission({ notAllowed: t('notAllowed'), unsupported: t('unsupported') })}
                className="w-full rounded px-2 py-1.5 text-left text-xs font-medium hover:bg-surface-2"
                data-testid="enable-browser-notifications"
              >
                {t('enable')}
              </button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
