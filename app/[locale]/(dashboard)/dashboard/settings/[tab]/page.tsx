import { getTranslations } from '@/lib/i18n/translations';
import { ExtensionsSettingsForm } from '@/components/settings/ExtensionsSettingsForm';
import { GeneralSettingsForm } from '@/components/settings/GeneralSettingsForm';
import { ProjectStorage } from '@/components/settings/ProjectStorage';
import { SlaSettingsForm } from '@/components/requests/SlaSettingsForm';
import { CannedRepliesSettings } from '@/components/requests/CannedRepliesSettings';
import { TextScope } from '@/lib/forms/text-scope';
import { connectedViewer } from '@/lib/access/page';
import { pageLocale } from '@/lib/i18n/page';
import { tabPage } from '@/lib/routes/tab-page';

type Props = { params: Promise<{ locale: string; tab: string }> };
const page = tabPage('settingsTab', 'settings');
export const generateMetadata = page.generateMetadata;

/** One tab's heading and form; the form's state belongs to the layout (see SettingsProvider). */
export default async function SettingsTabPage({ params }: Props) {
  await pageLocale(params);
  const tab = await page.tabOf(params);
  await connectedViewer('settingsTab');
  const t = await getTranslations('settings');
  return (
    <section aria-labelledby="settings-tab-title">
      <h2 id="settings-tab-title" className="mt-6 text-lg font-semibold" data-testid="settings-tab-title">
        {t(`tabs.${tab}`)}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t(`${tab}Lead`)}</p>
      {tab === 'general' ? (
        <>
          <GeneralSettingsForm />
          <ProjectStorage />
          <TextScope namespaces={['requests']}>
            <SlaSettingsForm />
            <CannedRepliesSettings />
          </TextScope>
        </>
      ) : (
        <ExtensionsSettingsForm />
      )}
    </section>
  );
}
