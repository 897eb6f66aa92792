import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { currentViewer } from '@/lib/auth/current';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';
import { sidebarFor } from '@/lib/routes/nav';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('dashboard');
  return { title: t('title') };
}

export default async function DashboardPage({ params }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('dashboard');
  const nav = await getTranslations('nav');
  const viewer = (await currentViewer())!;
  const connected = Boolean(viewer.project && viewer.profile);
  const sections = sidebarFor(
    { isRootUser: false, connected, profile: viewer.profile, extensions: viewer.project?.extensions ?? [] },
    locale,
  )
    .flatMap((g) => g.items)
    .filter((i) => i.name !== 'dashboard');

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('welcome', { name: viewer.user.name })}</h1>
        {viewer.project && <p className="text-muted mt-1">{t('project', { name: viewer.project.name })}</p>}
      </div>
      {!connected ? (
        <div className="border-line rounded-lg border p-5">
          <p>{t('noProject')}</p>
          <Link href={pathFor('requestProject', locale)} className="text-primary mt-3 inline-block text-sm font-medium">
            {t('requestProject')}
          </Link>
        </div>
      ) : (
        <section aria-labelledby="sections-title">
          <h2 id="sections-title" className="text-lg font-semibold">{t('sections')}</h2>
          {sections.length === 0 ? (
            <p className="text-muted mt-2">{t('noSections')}</p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboard-sections">
              {sections.map((s) => (
                <li key={s.name}>
                  <Link href={s.href} className="border-line hover:border-primary block rounded-lg border p-4 font-medium">
                    {nav(s.name)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
