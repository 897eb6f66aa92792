import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ExtensionsSettingsForm } from '@/components/settings/ExtensionsSettingsForm';
import { GeneralSettingsForm } from '@/components/settings/GeneralSettingsForm';
import type { SettingsTab } from '@/components/settings/SettingsProvider';
import { connectedViewer } from '@/lib/access/page';
import { alternatesFor } from '@/lib/i18n/alternates';
import { pageLocale } from '@/lib/i18n/page';
import { routes } from '@/lib/routes/table';

type Props = { params: Promise<{ locale: string; tab: string }> };
const TABS = Object.keys(routes.settingsTab.params.tab) as SettingsTab[];

async function tabOf(params: Props['params']): Promise<SettingsTab> {
  const { tab } = await params;
  const known = TABS.find((t) => t === tab);
  if (!known) notFound();
  return known;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const tab = await tabOf(params);
  const t = await getTranslations('settings');
  return { title: `${t(`tabs.${tab}`)} · ${t('title')}`, alternates: alternatesFor('settingsTab', locale, { tab }), robots: { index: false } };
}

/** One tab's heading and form; the form's state belongs to the layout (see SettingsProvider). */
export default async function SettingsTabPage({ params }: Props) {
  await pageLocale(params);
  const tab = await tabOf(params);
  await connectedViewer('settingsTab');
  const t = await getTranslations('settings');
  return (
    <section aria-labelledby="settings-tab-title">
      <h2 id="settings-tab-title" className="mt-6 text-lg font-semibold" data-testid="settings-tab-title">
        {t(`tabs.${tab}`)}
      </h2>
      <p className="text-muted mt-1 mb-4 text-sm">{t(`${tab}Lead`)}</p>
      {tab === 'general' ? <GeneralSettingsForm /> : <ExtensionsSettingsForm />}
    </section>
  );
}
