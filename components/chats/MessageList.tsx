'use client';

import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ThreadSkeleton } from '@/components/ui/Skeleton';
import { useLocale, useText } from '@/lib/i18n/client';
import { dayKey, dayLabel, groupByDay } from './days';
import { MessageItem } from './MessageItem';
import { PendingMessage } from './PendingMessage';
import { continuesBlock } from './thread';
import type { Thread } from './use-thread';

/** Within this many pixels of the end counts as reading the newest messages. */
const NEAR_END_PX = 120;
const NEAR_TOP_PX = 200;
/** The sticky day label's height (h-8): what is scrolled to must start below it. */
const DAY_LABEL_PX = 32;

/** A message of the viewer's on its way. */
export type Outgoing = { body: string; files: File[] };

type Props = { thread: Thread; pending: Outgoing[]; viewerId: string; timeZone: string; focusId: string | null; emptyText: string };

/**
 * The messages by day, with "new messages" before the first unread one. Opens at that
 * divider, at a search result, or at the end; older pages load when scrolling up without
 * moving what is on screen; new messages follow only a reader who is at the end.
 */
export function MessageList({ thread, pending, viewerId, timeZone, focusId, emptyText }: Props) {
  const t = useText('chats');
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const placed = useRef(false);
  const before = useRef<{ first: string | undefined; last: string | undefined; sending: number; height: number; top: number }>({
    first: undefined,
    last: undefined,
    sending: 0,
    height: 0,
    top: 0,
  });
  const [below, setBelow] = useState(0);
  // The day the page opened on: enough for "today" and "yesterday" while a conversation is read.
  const [now] = useState(() => Date.now());
  const { messages } = thread;

  // Before the browser paints: first the opening position, then keep the view steady.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // A reload (another search result) places the view afresh.
    if (thread.status !== 'ready') {
      placed.current = false;
      return;
    }
    const first = messages[0]?.id;
    const last = messages[messages.length - 1]?.id;
    const prev = before.current;
    if (!placed.current) {
      placed.current = true;
      const anchor = focusId ?? thread.dividerId;
      const target = anchor ? el.querySelector<HTMLElement>(`[data-anchor="${anchor}"]`) : null;
      if (target) el.scrollTop = target.offsetTop - (focusId ? el.clientHeight / 3 : DAY_LABEL_PX + 8);
      else el.scrollTop = el.scrollHeight;
      atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
    } else if (first !== prev.first && prev.first && last === prev.last) {
      // An older page came in above: what the reader sees stays put.
      el.scrollTop = prev.top + (el.scrollHeight - prev.height);
    } else if (pending.length > prev.sending) {
      // The viewer just sent: their message is what they want to see.
      el.scrollTop = el.scrollHeight;
    } else if (last !== prev.last) {
      const mine = messages[messages.length - 1]?.author?.id === viewerId;
      if (atEnd.current || mine) el.scrollTop = el.scrollHeight;
      else setBelow((n) => n + 1);
    }
    before.current = { first, last, sending: pending.length, height: el.scrollHeight, top: el.scrollTop };
  }, [messages, pending.length, thread.status, thread.dividerId, focusId, viewerId]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
    before.current = { ...before.current, top: el.scrollTop, height: el.scrollHeight };
    if (atEnd.current) {
      setBelow(0);
      if (thread.hasNewer) void thread.loadNewer();
    }
    if (el.scrollTop < NEAR_TOP_PX && thread.hasOlder) void thread.loadOlder();
  };

  // A page that does not fill the box cannot be scrolled: fetch more right away.
  useEffect(() => {
    const el = box.current;
    if (el && thread.status === 'ready' && thread.hasOlder && !thread.loading && el.scrollHeight <= el.clientHeight) void thread.loadOlder();
  }, [thread]);

  const toEnd = () => {
    box.current?.scrollTo({ top: box.current.scrollHeight });
    setBelow(0);
  };

  const today = dayKey(now, timeZone);
  const label = (day: string) => {
    const l = dayLabel(day, today, locale);
    return 'relative' in l ? t(l.relative) : l.date;
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={box}
        onScroll={onScroll}
        className="relative h-full overflow-y-auto py-2"
        data-testid="chat-messages"
        aria-busy={thread.status === 'loading' || undefined}
      >
        {thread.status === 'loading' && <ThreadSkeleton />}
        {thread.status === 'error' && (
          <div className="p-6 text-center text-sm" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" onClick={thread.retry} className="mt-2 font-medium text-accent hover:underline">
              {t('retry')}
            </button>
          </div>
        )}
        {thread.status === 'ready' && messages.length === 0 && (
          <p className="p-6 text-center text-sm text-muted" data-testid="chat-empty-thread">
            {emptyText}
          </p>
        )}
        {thread.hasOlder && (
          <div className="flex justify-center p-2">
            <button
              type="button"
              onClick={() => void thread.loadOlder()}
              disabled={thread.loading === 'older'}
              className="text-sm font-medium text-accent hover:underline disabled:opacity-60"
              data-testid="chat-load-older"
            >
              {thread.loading === 'older' ? t('loading') : t('loadOlder')}
            </button>
          </div>
        )}
        {groupByDay(messages, timeZone).map((group) => (
          <section key={group.day} aria-label={label(group.day)}>
            {/* A solid band: text scrolls under it out of sight, never visible behind the label. */}
            <div className="sticky top-0 z-10 flex h-8 items-center justify-center bg-surface" aria-hidden="true">
              <span className="rounded-full border border-line bg-surface px-3 py-0.5 text-xs font-medium text-muted" data-testid="chat-day">
                {label(group.day)}
              </span>
            </div>
            <ol>
              {group.items.map((message, i) => (
                <Fragment key={message.id}>
                  {message.id === thread.dividerId && (
                    <li className="flex items-center gap-2 px-4 py-1" data-testid="chat-divider">
                      <span className="h-px flex-1 bg-red-600/60" />
                      <span className="text-xs font-semibold text-red-700 dark:text-red-400">{t('newMessages')}</span>
                      <span className="h-px flex-1 bg-red-600/60" />
                    </li>
                  )}
                  <li data-anchor={message.id}>
                    <MessageItem
                      message={message}
                      continued={message.id !== thread.dividerId && continuesBlock(group.items[i - 1], message)}
                      mine={message.author?.id === viewerId}
                      timeZone={timeZone}
                      highlighted={message.id === focusId}
                    />
                  </li>
                </Fragment>
              ))}
            </ol>
          </section>
        ))}
        {pending.length > 0 && (
          <ol aria-label={t('sendingList')}>
            {pending.map((message, i) => (
              <li key={i}>
                <PendingMessage body={message.body} files={message.files} />
              </li>
            ))}
          </ol>
        )}
        {thread.hasNewer && (
          <div className="flex justify-center p-2">
            <button
              type="button"
              onClick={() => void thread.loadNewer()}
              disabled={thread.loading === 'newer'}
              className="text-sm font-medium text-accent hover:underline disabled:opacity-60"
              data-testid="chat-load-newer"
            >
              {thread.loading === 'newer' ? t('loading') : t('loadNewer')}
            </button>
          </div>
        )}
      </div>
      {below > 0 && (
        <button
          type="button"
          onClick={toEnd}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-medium text-white shadow-card"
          data-testid="chat-jump-end"
        >
          {t('newBelow', { count: below })}
        </button>
      )}
      {/* Announced without moving focus: how many messages came in since the conversation opened. */}
      <p className="sr-only" aria-live="polite" data-testid="chat-live">
        {thread.arrived > 0 ? t('arrived', { count: thread.arrived }) : ''}
      </p>
    </div>
  );
}
