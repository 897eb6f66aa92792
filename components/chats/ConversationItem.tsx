'use client';

import type { MouseEvent } from 'react';
import type { ConversationView } from '@/lib/chats/types';
import { useLocale, useText } from '@/lib/i18n/client';
import { formatActivity } from './days';

/** Plain clicks stay in the page; a middle or modified click opens the conversation in a new tab as usual. */
export const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** A conversation in the list: title, latest message, time and unread badge. */
export function ConversationItem(props: {
  conversation: ConversationView;
  unread: number;
  open: boolean;
  href: string;
  timeZone: string;
  now: number;
  onOpen: () => void;
}) {
  const { conversation: c, unread, open, href, timeZone, now, onOpen } = props;
  const t = useText('chats');
  const locale = useLocale();
  const last = c.lastMessage;
  const preview = last ? `${last.authorName ? `${last.authorName}: ` : ''}${last.deleted ? t('deleted') : last.body || t('filesOnly')}` : t('noMessagesYet');
  const prefix = c.kind === 'channel' ? (c.isPrivate ? '🔒 ' : '# ') : '';
  return (
    <a
      href={href}
      onClick={(e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        onOpen();
      }}
      aria-current={open ? 'page' : undefined}
      className={`flex items-start gap-2 rounded-control px-3 py-2 ${open ? 'bg-primary/10' : 'hover:bg-surface-2'}`}
      data-testid="chat-conversation"
      data-conversation={c.id}
      data-title={c.title}
      data-unread={unread}
    >
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'font-bold' : 'font-medium'}`}>
            <span aria-hidden="true" className="text-muted">
              {prefix}
            </span>
            {c.title}
            {c.isPrivate && <span className="sr-only"> ({t('private')})</span>}
          </span>
          {last && (
            <time dateTime={last.createdAt} className="shrink-0 text-xs text-muted tabular-nums">
              {formatActivity(last.createdAt, now, locale, timeZone)}
            </time>
          )}
        </span>
        <span className="mt-0.5 block truncate text-xs text-muted">{preview}</span>
        {c.kind === 'support' && (
          <span className="mt-1 flex flex-wrap gap-1 text-xs">
            <span
              className={`rounded-full px-2 py-px ${c.status === 'resolved' ? 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300' : 'bg-amber-500/15 text-amber-800 dark:text-amber-300'}`}
            >
              {t(c.status === 'resolved' ? 'statusResolved' : 'statusOpen')}
            </span>
            <span className="truncate text-muted">{c.assignee ? t('assignedTo', { name: c.assignee.name }) : t('unassigned')}</span>
          </span>
        )}
      </span>
      {unread > 0 && (
        <span
          className="mt-0.5 min-w-5 shrink-0 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-white"
          data-testid="chat-unread"
        >
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="sr-only">{t('unreadCount', { count: unread })}</span>
        </span>
      )}
    </a>
  );
}
