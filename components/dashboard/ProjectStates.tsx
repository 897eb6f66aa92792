import { getTranslations } from '@/lib/i18n/translations';
import { PROJECT_STATE_BADGE } from '@/components/ui/project-state';
import type { UserProject } from '@/lib/projects/service';

/** For a user without an active project: what they have and in which state. */
export async function ProjectStates({ projects }: { projects: UserProject[] }) {
  const t = await getTranslations('dashboard');
  return (
    <ul className="divide-y divide-line rounded-card border border-line" data-testid="dashboard-projects">
      {projects.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="dashboard-project">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{p.name}</p>
            <p className="text-sm text-muted">{p.profiles.length ? p.profiles.map((x) => x.name).join(', ') : t('noProfileHeld')}</p>
          </div>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${PROJECT_STATE_BADGE[p.state]}`}>{t(`projectState.${p.state}`)}</span>
        </li>
      ))}
    </ul>
  );
}
