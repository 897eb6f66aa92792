'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { usePathname } from 'next/navigation';
import { createContext, useContext, type ReactNode } from 'react';
import { useText } from '@/lib/i18n/client';
import type { CurrencyOption } from '@/lib/settings/currencies';
import { settingsQuery } from '@/lib/settings/queries';
import type { ProjectSettings } from '@/lib/settings/types';
import type { StorageUsage } from '@/lib/quotas/types';
import { useExtensionSettings, type ExtensionSettingsState } from './use-extension-settings';
import { useGeneralSettings, type GeneralSettingsState } from './use-general-settings';
import { useLeaveGuard } from '@/lib/forms/use-leave-guard';

export type SettingsTab = 'general' | 'extensions';
export type SettingsOptions = {
  currencies: CurrencyOption[];
  zones: string[];
  languages: { code: string; name: string }[];
};

type Settings = { key: string; storage: StorageUsage; options: SettingsOptions; general: GeneralSettingsState; extensions: ExtensionSettingsState };

const SettingsContext = createContext<Settings | null>(null);

/** The forms' state for a tab's content; it outlives the tab because the layout holds it. */
export function useSettings(): Settings {
  const ctx = useContext(SettingsContext);
  if (!ctx) throw new Error('useSettings needs <SettingsProvider>');
  return ctx;
}

/**
 * Rendered by the settings layout, which persists while its tabs (child pages) change:
 * both forms' state lives here, so going General → Extensions → General keeps every edit.
 * The server's reading of the settings seeds the cache both forms read.
 */
export function SettingsProvider({
  settings,
  options,
  base,
  tabs,
  children,
}: {
  settings: ProjectSettings;
  options: SettingsOptions;
  /** The settings' own path; links under it keep the edits. */
  base: string;
  tabs: { name: SettingsTab; href: string }[];
  children: ReactNode;
}) {
  const t = useText('settings');
  const pathname = usePathname();
  const { data: current } = useQuery({ ...settingsQuery(), initialData: settings });
  const general = useGeneralSettings(current);
  const extensions = useExtensionSettings(current);
  const dirty: Record<SettingsTab, boolean> = { general: general.dirty, extensions: extensions.dirty };
  useLeaveGuard(general.dirty || extensions.dirty, t('leaveConfirm'), base);

  return (
    <SettingsContext.Provider value={{ key: current.key, storage: current.storage, options, general, extensions }}>
      <nav aria-label={t('tabsLabel')} className="mt-6 flex gap-1 overflow-x-auto border-b border-line" data-testid="settings-tabs">
        {tabs.map(({ name, href }) => {
          const current = pathname === href;
          return (
            <Link
              key={name}
              href={href}
              aria-current={current ? 'page' : undefined}
              className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm whitespace-nowrap ${current ? 'border-accent font-medium text-accent' : 'border-transparent text-muted'}`}
              data-testid={`settings-tab-${name}`}
            >
              {t(`tabs.${name}`)}
              {dirty[name] && (
                <span className="inline-flex items-center" data-testid="unsaved-marker" title={t('unsaved')}>
                  <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
                  <span className="sr-only">({t('unsaved')})</span>
                </span>
              )}
            </Link>
          );
        })}
      </nav>
      {children}
    </SettingsContext.Provider>
  );
}
