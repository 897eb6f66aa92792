'use client';

import { useAtomValue } from 'jotai';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { askPermission, permissionStore, syncPermission } from '@/components/realtime/browser-notifications';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { notifications, unreadCount, type NotificationEntry } from '@/lib/shell/notifications';

const ICONS: Record<NotificationEntry['icon'], string> = {
  chat: 'M4 5h16v11H8l-4 4V5Z',
};

/** The app bar's notification list: a button with the unread count and a popover under it. */
export function NotificationBell() {
  const t = useText('notifications');
  const locale = useLocale();
  const router = useRouter();
  const list = useAtomValue(notifications.store.atom);
  const permission = useAtomValue(permissionStore.atom);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const unread = unreadCount(list);

  useEffect(() => syncPermission(), []);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    // A press outside closes it without taking the focus back from where it went.
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const follow = (entry: NotificationEntry) => {
    if (entry.removeOnClick) notifications.remove(entry.id);
    setOpen(false);
    button.current?.focus();
    router.push(entry.href);
  };

  // Up and down move between the panel's buttons.
  const onPanelKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
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
    <div
      ref={wrapper}
      className="relative"
      onBlur={(e) => {
        // Tabbing out of the popover closes it.
        if (open && !wrapper.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className="hover:bg-surface-2 relative grid size-9 place-items-center rounded-md"
        data-testid="notification-bell"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          onKeyDown={onPanelKey}
          className="border-line bg-surface absolute right-0 z-50 mt-2 flex max-h-[70vh] w-80 flex-col rounded-md border shadow-lg outline-none max-sm:fixed max-sm:inset-x-3 max-sm:top-14 max-sm:w-auto"
          data-testid="notification-panel"
        >
          <div className="border-line flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 id={headingId} className="text-sm font-semibold">
              {t('title')}
            </h2>
            <div className="flex gap-1">
              {unread > 0 && (
                <button type="button" onClick={() => {
                    notifications.markAllRead();
                    // The button goes away with the last unread entry; the focus stays in the panel.
                    panel.current?.focus();
                  }} className="text-accent hover:bg-surface-2 rounded px-2 py-1 text-xs font-medium">
                  {t('markAllRead')}
                </button>
              )}
              {list.length > 0 && (
                <button type="button" onClick={() => {
                    notifications.clear();
                    panel.current?.focus();
                  }} className="text-muted hover:bg-surface-2 rounded px-2 py-1 text-xs font-medium">
                  {t('clear')}
                </button>
              )}
            </div>
          </div>
          {list.length === 0 ? (
            <p className="text-muted px-3 py-6 text-center text-sm">{t('empty')}</p>
          ) : (
            <ul className="flex-1 overflow-y-auto py-1">
              {list.map((entry) => (
                <li key={entry.id}>
                  <button type="button" onClick={() => follow(entry)} className="hover:bg-surface-2 flex w-full items-start gap-3 px-3 py-2 text-left" data-testid="notification-entry">
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="text-accent mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
                      <path d={ICONS[entry.icon]} />
                    </svg>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className={`truncate text-sm ${entry.unread ? 'font-semibold' : ''}`}>{entry.title}</span>
                        <time dateTime={entry.time} className="text-muted shrink-0 text-xs">
                          {formatDateTime(entry.time, locale)}
                        </time>
                      </span>
                      <span className="text-muted line-clamp-2 text-xs break-words">{entry.subtitle}</span>
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
            <div className="border-line border-t p-2">
              <button
                type="button"
                onClick={() => void askPermission({ notAllowed: t('notAllowed'), unsupported: t('unsupported') })}
                className="hover:bg-surface-2 w-full rounded px-2 py-1.5 text-left text-xs font-medium"
                data-testid="enable-browser-notifications"
              >
                {t('enable')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
