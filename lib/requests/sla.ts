import type { RequestPriority, SlaTargets } from './limits';
import type { SlaState } from './types';

// Pure SLA arithmetic: the server fixes due times with it and the pages count down with it.

const MINUTE = 60_000;

/** When the first response and the resolution are due for a request opened at `openedAt`. */
export function dueTimes(openedAt: Date, priority: RequestPriority, targets: SlaTargets): { firstResponseDueAt: Date; resolutionDueAt: Date } {
  const t = targets[priority];
  return {
    firstResponseDueAt: new Date(openedAt.getTime() + t.firstResponse * MINUTE),
    resolutionDueAt: new Date(openedAt.getTime() + t.resolution * MINUTE),
  };
}

/** Breached: met after the due time, or not met and the due time has passed. */
export function slaState(dueAt: Date | null, metAt: Date | null, now: Date = new Date()): SlaState {
  const breached = dueAt !== null && (metAt ? metAt.getTime() > dueAt.getTime() : now.getTime() > dueAt.getTime());
  return { dueAt: dueAt?.toISOString() ?? null, metAt: metAt?.toISOString() ?? null, breached };
}

/** Milliseconds left (negative when overdue); null when there is nothing to count down. */
export function remaining(state: SlaState, now: number): number | null {
  if (!state.dueAt || state.metAt) return null;
  return new Date(state.dueAt).getTime() - now;
}

/** "2h 05m", "3d 4h", "45m" — compact for list rows; the sign is the caller's. */
export function shortDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(mins).padStart(2, '0')}m`;
  return `${mins}m`;
}
