import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { UsersPanel } from '@/components/users/UsersPanel';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { usersOverview } from '@/lib/users/overview';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('users');
  return { title: t('title'), robots: { index: false } };
}

/** The list and the moment it was read, which the page's "last seen" times count from. */
async function readUsers(projectId: string, profile: Parameters<typeof usersOverview>[2]) {
  const initial = await usersOverview(getDb(), projectId, profile);
  return { initial, readAt: Date.now() };
}

export default async function UsersPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('users');
  const t = await getTranslations('users');
  const { initial, readAt } = await readUsers(viewer.project.id, viewer.profile);
  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-muted">{t('lead', { project: viewer.project.name })}</p>
      <div className="mt-6">
        <TextScope namespaces={['users', 'validation']}>
          <UsersPanel
            initial={initial}
            can={{ create: can(viewer, 'USERS__CREATE'), update: can(viewer, 'USERS__UPDATE'), remove: can(viewer, 'USERS__DELETE') }}
            viewerId={viewer.user.id}
            timeZone={viewer.user.timeZone}
            renderedAt={readAt}
          />
        </TextScope>
      </div>
    </div>
  );
}
