import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from '@/lib/i18n/translations';
import { cache } from 'react';
import { SupportChat } from '@/components/chats/SupportChat';
import { currentViewer } from '@/lib/auth/current';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { userProjects } from '@/lib/projects/service';
import { PROJECT_STATUS } from '@/lib/projects/status';
import { pathFor } from '@/lib/routes/match';

type Props = { params: Promise<{ locale: string; key: string }> };

/** The project a user may ask for support: one they are an active member of, and enabled. Else a 404. */
const supportProject = cache(async (key: string) => {
  const viewer = await currentViewer();
  if (!viewer) redirect('/logout');
  const wanted = key.toLowerCase();
  const project = (await userProjects(getDb(), viewer.user.id)).find(
    (p) => p.key.toLowerCase() === wanted && p.status === PROJECT_STATUS.enabled && p.membershipStatus === 1,
  );
  if (!project) notFound();
  return { viewer, project };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const { project } = await supportProject((await params).key);
  const t = await getTranslations('chats');
  return { title: t('supportTitle', { project: project.name }), robots: { index: false } };
}

export default async function SupportChatPage({ params }: Props) {
  const locale = await pageLocale(params);
  const { viewer, project } = await supportProject((await params).key);
  const t = await getTranslations('chats');
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link href={pathFor('accountTab', locale, { tab: 'projects' })} className="text-accent hover:underline">
          {t('supportBack')}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('supportTitle', { project: project.name })}</h1>
      <p className="mt-1 mb-4 text-muted">{t('supportLead')}</p>
      <TextScope namespaces={['chats']}>
        <SupportChat project={{ id: project.id, name: project.name }} viewerId={viewer.user.id} timeZone={viewer.user.timeZone} />
      </TextScope>
    </div>
  );
}
