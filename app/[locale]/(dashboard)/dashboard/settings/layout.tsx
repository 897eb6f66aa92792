import type { ReactNode } from 'react';
import { getTranslations } from '@/lib/i18n/translations';
import { SettingsProvider } from '@/components/settings/SettingsProvider';
import { connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';
import { tabPage } from '@/lib/routes/tab-page';
import { currencyOptions } from '@/lib/settings/currencies';
import { languageOptions, timeZoneOptions } from '@/lib/settings/options';
import { readSettings } from '@/lib/settings/service';

const { tabs } = tabPage('settingsTab', 'settings');
// The forms' strings: their own, the time zone select's (account), the rules' and the storage meter's.
const FORM_NAMESPACES = ['settings', 'account', 'validation', 'quotas'];

/**
 * A layout persists while its child pages change, so the forms' state lives in the
 * provider rendered here: switching tabs never loses an edit.
 */
export default async function SettingsLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const viewer = await connectedViewer('settingsTab');
  const settings = await readSettings(getDb(), viewer.project.id);
  const t = await getTranslations('settings');
  const options = { currencies: currencyOptions(locale, settings.currency), zones: timeZoneOptions(settings.timeZone), languages: languageOptions(locale) };

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-muted">{settings.name}</p>
      <TextScope namespaces={FORM_NAMESPACES}>
        <SettingsProvider
          settings={settings}
          options={options}
          base={pathFor('settings', locale)}
          tabs={tabs.map((name) => ({ name, href: pathFor('settingsTab', locale, { tab: name }) }))}
        >
          {children}
        </SettingsProvider>
      </TextScope>
    </div>
  );
}
