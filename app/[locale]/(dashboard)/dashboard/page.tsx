import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { redirect } from 'next/navigation';
import { getTranslations } from '@/lib/i18n/translations';
import { ActivityList } from '@/components/dashboard/ActivityList';
import { AttentionCards } from '@/components/dashboard/AttentionCards';
import { ChooseProjectButton, OpenPickerOnLoad } from '@/components/dashboard/PickerButtons';
import { ProjectStates } from '@/components/dashboard/ProjectStates';
import { SatisfactionCard } from '@/components/requests/SatisfactionCard';
import { hasPermissions } from '@/lib/access/check';
import { currentViewer } from '@/lib/auth/current';
import type { Viewer } from '@/lib/auth/service';
import { cachedActivity } from '@/lib/dashboard/activity';
import { attentionFor } from '@/lib/dashboard/attention';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import type { Locale } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';
import { userProjects } from '@/lib/projects/service';
import { landingPath } from '@/lib/routes/guard';
import { pathFor } from '@/lib/routes/match';
import { hasChoice } from '@/lib/shell/picker-state';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ redir?: string | string[] }> };

const PRIMARY = 'bg-primary hover:bg-primary-shade rounded-control px-4 py-2 text-sm font-medium text-white';
const SECONDARY = 'border-line hover:bg-surface-2 rounded-control border px-4 py-2 text-sm font-medium';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('dashboard');
  return { title: t('title') };
}

/** Without an active pair: the user's projects and their states, and the ways forward. */
async function Unconnected({ viewer, locale, redir }: { viewer: Viewer; locale: Locale; redir: string | null }) {
  const t = await getTranslations('dashboard');
  const projects = await userProjects(getDb(), viewer.user.id);
  const choice = hasChoice(projects);
  return (
    <section aria-labelledby="projects-title" className="space-y-4">
      {/* Sent here by a guard, or with something to choose: the picker opens by itself. */}
      {(redir || choice) && <OpenPickerOnLoad redir={redir} />}
      <p>{t('noProject')}</p>
      <h2 id="projects-title" className="text-lg font-semibold">
        {t('yourProjects')}
      </h2>
      {projects.length === 0 ? <p className="text-sm text-muted">{t('noProjects')}</p> : <ProjectStates projects={projects} />}
      {projects.length > 0 && !choice && <p className="text-sm text-muted">{t('nothingToChoose')}</p>}
      <div className="flex flex-wrap gap-3">
        {choice && (
          <ChooseProjectButton className={PRIMARY} testId="choose-project">
            {t('chooseProject')}
          </ChooseProjectButton>
        )}
        <Link href={pathFor('requestProject', locale)} className={choice ? SECONDARY : PRIMARY}>
          {t('requestProject')}
        </Link>
      </div>
    </section>
  );
}

export default async function DashboardPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('dashboard');
  const viewer = await currentViewer();
  // The layout ends such a session; the page does not count on having run after it.
  if (!viewer) redirect('/logout');
  const { project, profile } = viewer;
  const redirParam = (await searchParams).redir;
  const redir = landingPath(Array.isArray(redirParam) ? redirParam[0] : redirParam);

  if (!project || !profile)
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">{t('welcome', { name: viewer.user.name })}</h1>
        <Unconnected viewer={viewer} locale={locale} redir={redir} />
      </div>
    );

  const db = getDb();
  const [attention, activity] = await Promise.all([
    // What waits and what happened are the same for every member until the project's data
    // changes: kept per project (the API routes the sockets refetch read afresh).
    attentionFor(db, { projectId: project.id, userId: viewer.user.id, grant: profile }, undefined, { cached: true }),
    cachedActivity(db, project.id, profile),
  ]);

  return (
    <div className="space-y-8">
      {redir && <OpenPickerOnLoad redir={redir} />}
      <div>
        <p className="text-sm text-muted">{t('welcome', { name: viewer.user.name })}</p>
        <h1 className="text-2xl font-bold" data-testid="dashboard-project-name">
          <span className="sr-only">{t('activeProject')}: </span>
          {project.name}
        </h1>
        <p className="mt-1 text-muted">{t('workingAs', { profile: profile.name })}</p>
      </div>
      {/* The sidebar lists the sections; the home shows only what waits and what happened. */}
      <TextScope namespaces={['dashboard']}>
        <AttentionCards initial={attention} />
        {hasPermissions(profile, ['REQUESTS__VIEW']) && <SatisfactionCard db={db} projectId={project.id} locale={locale} />}
        <ActivityList initial={activity} timeZone={viewer.user.timeZone} />
      </TextScope>
    </div>
  );
}
