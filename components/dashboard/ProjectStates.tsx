import { getTranslations } from 'next-intl/server';
import type { ProjectState, UserProject } from '@/lib/projects/service';

/** A project state's badge colours, wherever the user's projects are listed. */
export const PROJECT_STATE_BADGE: Record<ProjectState, string> = {
  enabled: 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300',
  pending: 'bg-amber-500/20 text-amber-900 dark:text-amber-200',
  disabled: 'bg-surface-2 text-muted',
};

/** For a user without an active project: what they have and in which state. */
export async function ProjectStates({ projects }: { projects: UserProject[] }) {
  const t = await getTranslations('dashboard');
  return (
    <ul className="divide-line border-line divide-y rounded-lg border" data-testid="dashboard-projects">
      {projects.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="dashboard-project">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{p.name}</p>
            <p className="text-muted text-sm">{p.profiles.length ? p.profiles.map((x) => x.name).join(', ') : t('noProfileHeld')}</p>
          </div>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${PROJECT_STATE_BADGE[p.state]}`}>{t(`projectState.${p.state}`)}</span>
        </li>
      ))}
    </ul>
  );
}
