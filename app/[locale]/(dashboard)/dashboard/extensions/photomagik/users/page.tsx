import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { UsersManager } from '@/components/photomagik/UsersManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectTimeZone } from '@/lib/projects/time-zone';
import { listUsers } from '@/lib/photomagik/users';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('photomagik');
  return { title: t('ui.usersTitle'), robots: { index: false } };
}

export default async function PhotomagikUsersPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('photomagikUsers');
  const t = await getTranslations('photomagik');
  const [users, timeZone] = await Promise.all([listUsers({ db: getDb(), project: viewer.project }), projectTimeZone(getDb(), viewer.project.id)]);
  return (
    <div className="max-w-4xl">
      <h1 className="mb-2 text-2xl font-bold">{t('ui.usersTitle')}</h1>
      <p className="mb-6 text-muted">{t('ui.usersLead')}</p>
      <TextScope namespaces={['photomagik', 'validation']}>
        <UsersManager initial={users} timeZone={timeZone} mayUpdate={can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE')} />
      </TextScope>
    </div>
  );
}
