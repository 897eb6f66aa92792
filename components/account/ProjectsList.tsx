import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import { ChooseProjectButton } from '@/components/dashboard/PickerButtons';
import { PROJECT_STATE_BADGE } from '@/components/ui/project-state';
import { currentViewer } from '@/lib/auth/current';
import type { Locale } from '@/lib/i18n/locales';
import type { UserProject } from '@/lib/projects/service';
import { pathFor } from '@/lib/routes/match';
import { selectable } from '@/lib/shell/picker-state';

/**
 * The user's projects with their state and the profiles held in each (userProjects, the
 * same list the picker loads), each choosable one with a "Switch to" that opens the picker on it.
 */
export async function ProjectsList({ projects, locale }: { projects: UserProject[]; locale: Locale }) {
  const t = await getTranslations('account');
  const tp = await getTranslations('picker');
  const tc = await getTranslations('chats');
  const activeId = (await currentViewer())?.project?.id;
  const requestLink = (
    <Link href={pathFor('requestProject', locale)} className="font-medium text-accent hover:underline">
      {t('requestProject')}
    </Link>
  );
  if (projects.length === 0)
    return (
      <div className="rounded-card border border-dashed border-line p-6 text-center" data-testid="projects-empty">
        <p className="font-medium">{t('projectsEmpty')}</p>
        <p className="mt-1 text-sm text-muted">{t('projectsEmptyLead')}</p>
        <p className="mt-4">{requestLink}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-line rounded-card border border-line" data-testid="projects">
        {projects.map((p) => (
          <li key={p.id} className="flex flex-wrap items-start gap-3 p-4" data-testid="project">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{p.name}</p>
              <p className="mt-1 text-sm text-muted">{p.profiles.length ? `${t('profiles')}: ${p.profiles.map((x) => x.name).join(', ')}` : t('noProfiles')}</p>
            </div>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${PROJECT_STATE_BADGE[p.state]}`} data-testid="project-state">
              {t(`projectState.${p.state}`)}
            </span>
            {p.id === activeId && (
              <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-white" data-testid="project-active">
                {tp('active')}
              </span>
            )}
            {p.state === 'enabled' && p.membershipStatus === 1 && (
              <Link
                href={pathFor('supportChat', locale, { key: p.key })}
                aria-label={tc('contactSupportLabel', { project: p.name })}
                className="rounded-control border border-line px-3 py-1 text-sm font-medium text-accent hover:bg-surface-2"
                data-testid="contact-support"
              >
                {tc('contactSupport')}
              </Link>
            )}
            {selectable(p) && (p.id !== activeId || p.profiles.length > 1) && (
              <ChooseProjectButton
                projectId={p.id}
                label={tp(p.id === activeId ? 'changeProfileLabel' : 'switchToLabel', { name: p.name })}
                className="rounded-control border border-line px-3 py-1 text-sm font-medium text-accent hover:bg-surface-2"
                testId="switch-project"
              >
                {p.id === activeId ? tp('changeProfile') : tp('switchTo')}
              </ChooseProjectButton>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm">{requestLink}</p>
    </div>
  );
}
