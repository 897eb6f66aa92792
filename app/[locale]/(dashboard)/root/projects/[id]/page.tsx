import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { getTranslations } from '@/lib/i18n/translations';
import { cache } from 'react';
import { AuditLog } from '@/components/root/audit/AuditLog';
import { EnterAsAdmin } from '@/components/root/EnterAsAdmin';
import { ProjectDetailShell } from '@/components/root/projects/ProjectDetailShell';
import { ProjectMembers } from '@/components/root/projects/ProjectMembers';
import { ProjectRequest } from '@/components/root/projects/ProjectRequest';
import { rootViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { HttpError } from '@/lib/http/errors';
import { pageLocale } from '@/lib/i18n/page';
import { projectDetail } from '@/lib/root/projects';
import { pathFor } from '@/lib/routes/match';

type Props = { params: Promise<{ locale: string; id: string }> };

// One read per request, shared by the title and the page; an unknown id is the 404 page.
const load = cache(async (id: string) => {
  try {
    return await projectDetail(getDb(), id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const { id } = await params;
  await rootViewer();
  return { title: (await load(id)).project.name, robots: { index: false } };
}

/** One project as root reviews it: request, files, members, actions and its audit log. */
export default async function RootProjectPage({ params }: Props) {
  const locale = await pageLocale(params);
  const viewer = await rootViewer();
  const { id } = await params;
  const t = await getTranslations('rootProjects');
  const detail = await load(id);
  const { project } = detail;
  const timeZone = viewer.user.timeZone;
  return (
    <div className="max-w-6xl">
      <Link href={pathFor('rootProjects', locale)} className="text-sm text-accent hover:underline" data-testid="root-project-back">
        ← {t('back')}
      </Link>
      <div className="mt-3">
        <TextScope namespaces={['rootProjects', 'actingAdmin', 'rootAudit', 'quotas']}>
          <ProjectDetailShell
            detail={detail}
            adminEntry={<EnterAsAdmin projectId={project.id} projectName={project.name} />}
            activity={<AuditLog projectId={project.id} timeZone={timeZone} />}
          >
            <ProjectRequest detail={detail} timeZone={timeZone} />
            <ProjectMembers members={detail.members} timeZone={timeZone} />
          </ProjectDetailShell>
        </TextScope>
      </div>
    </div>
  );
}
