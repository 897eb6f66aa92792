'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { unreadTotalAtom } from '@/lib/chats/unread-store';
import { attentionQuery } from '@/lib/dashboard/queries';
import { useText } from '@/lib/i18n/client';
import { useDashboardEvents } from './use-dashboard-events';

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-surface px-1.5 text-xs font-semibold text-ink tabular-nums ring-1 ring-line"
      data-testid="nav-badge"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

function ChatsBadge() {
  const t = useText('dashboard');
  const count = useAtomValue(unreadTotalAtom);
  return <Badge count={count} label={t('badge.chats', { count })} />;
}

/** Open requests assigned to the viewer, from the home's attention figures (absent without REQUESTS__VIEW). */
function RequestsBadge() {
  const t = useText('dashboard');
  const { data } = useQuery(attentionQuery());
  useDashboardEvents();
  const count = data?.find((i) => i.key === 'assignedRequests')?.count ?? 0;
  return <Badge count={count} label={t('badge.requests', { count })} />;
}

/** The sidebar's count beside a section's label: unread on Chats, assigned on Requests, nothing elsewhere. */
export function NavBadge({ name }: { name: string }) {
  if (name === 'chats') return <ChatsBadge />;
  if (name === 'requests') return <RequestsBadge />;
  return null;
}
