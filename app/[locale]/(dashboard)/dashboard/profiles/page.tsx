import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ProfilesManager } from '@/components/profiles/ProfilesManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { listProfiles } from '@/lib/profiles/service';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('profiles');
  return { title: t('title'), robots: { index: false } };
}

export default async function ProfilesPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('profiles');
  const t = await getTranslations('profiles');
  const profiles = await listProfiles({ db: getDb(), project: viewer.project });
  const may = { create: can(viewer, 'PROFILES__CREATE'), update: can(viewer, 'PROFILES__UPDATE'), delete: can(viewer, 'PROFILES__DELETE') };

  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['profiles', 'validation']}>
        <ProfilesManager
          profiles={profiles}
          activeProfileId={viewer.profile.id}
          actor={{ isRoot: viewer.profile.isRoot, permissions: viewer.profile.permissions }}
          may={may}
        />
      </TextScope>
    </div>
  );
}
