'use client';

import { PROJECT_STATE_BADGE, projectStateOf } from '@/components/ui/project-state';
import { useText } from '@/lib/i18n/client';

/** A project's status as the rest of the app shows project states. */
export function StatusBadge({ status, testId }: { status: number; testId?: string }) {
  const t = useText('rootProjects');
  const state = projectStateOf(status);
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${PROJECT_STATE_BADGE[state]}`}
      data-testid={testId}
      data-status={status}
    >
      {t(`state.${state}`)}
    </span>
  );
}
