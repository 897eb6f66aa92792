import type { ProjectState } from '@/lib/projects/service';

/** A project state's badge colours, wherever projects are listed (server or client components). */
export const PROJECT_STATE_BADGE: Record<ProjectState, string> = {
  enabled: 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300',
  pending: 'bg-amber-500/20 text-amber-900 dark:text-amber-200',
  disabled: 'bg-surface-2 text-muted',
};

/** projects.status as a badge state: 1 enabled, 0 pending review, 2 disabled by root. */
export function projectStateOf(status: number): ProjectState {
  return status === 1 ? 'enabled' : status === 0 ? 'pending' : 'disabled';
}
