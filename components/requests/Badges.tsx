'use client';

import { useText } from '@/lib/i18n/client';
import type { RequestPriority, RequestStatus } from '@/lib/requests/limits';
import { remaining, shortDuration } from '@/lib/requests/sla';
import type { SlaState } from '@/lib/requests/types';

const STATUS_LOOK: Record<RequestStatus, string> = {
  new: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  pending: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-200',
  resolved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  closed: 'bg-surface-2 text-muted',
};
const PRIORITY_LOOK: Record<RequestPriority, string> = {
  low: 'text-muted',
  normal: '',
  high: 'font-semibold text-orange-800 dark:text-orange-300',
  urgent: 'font-bold text-red-700 dark:text-red-400',
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  const t = useText('requests');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_LOOK[status]}`} data-testid="request-status">
      {t(`status.${status}`)}
    </span>
  );
}

export function PriorityText({ priority }: { priority: RequestPriority }) {
  const t = useText('requests');
  return <span className={`text-sm ${PRIORITY_LOOK[priority]}`}>{t(`priority.${priority}`)}</span>;
}

/** A countdown to the due time, or how far past it; "met" / "breached" once the moment has come. */
export function SlaBadge({ label, state, now }: { label?: string; state: SlaState; now: number }) {
  const t = useText('requests');
  const left = remaining(state, now);
  let text: string;
  let look = 'text-muted';
  if (left === null) {
    if (!state.dueAt) return null;
    text = state.breached ? t('breached') : t('met');
    look = state.breached ? 'text-red-700 dark:text-red-400' : 'text-green-800 dark:text-green-300';
  } else if (left < 0) {
    text = t('overdue', { time: shortDuration(left) });
    look = 'font-semibold text-red-700 dark:text-red-400';
  } else {
    text = t('dueIn', { time: shortDuration(left) });
    if (left < 3_600_000) look = 'text-orange-800 dark:text-orange-300';
  }
  return (
    <span className={`text-xs whitespace-nowrap ${look}`} data-testid="sla-badge" data-breached={state.breached ? 'true' : undefined}>
      {label ? `${label}: ` : ''}
      {text}
    </span>
  );
}

/** The clock that matters now: first response until given, then resolution. */
export function nextSla(r: { status: RequestStatus; firstResponse: SlaState; resolution: SlaState }): SlaState | null {
  if (r.status === 'resolved' || r.status === 'closed') return null;
  return r.firstResponse.metAt ? r.resolution : r.firstResponse;
}
