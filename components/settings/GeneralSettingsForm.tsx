'use client';

import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { TimeZoneSelect } from '@/components/account/TimeZoneSelect';
import { FilterableSelect } from '@/components/ui/FilterableSelect';
import { fold } from '@/components/ui/fold';
import { TextField } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { PROJECT_NAME_MAX } from '@/lib/settings/limits';
import { CurrencySelect } from './CurrencySelect';
import { LogoPicker } from './LogoPicker';
import { SaveActions } from './SaveActions';
import { useSettings } from './SettingsProvider';

/** Name, logo, currency, time zone and language; its state is the layout's (see SettingsProvider). */
export function GeneralSettingsForm() {
  const t = useText('settings');
  const { key, options, general } = useSettings();
  const { form, submit, errorOf, busy } = general;
  // "espa" and "es" both find Spanish.
  const languageOptions = useMemo(() => options.languages.map((l) => ({ value: l.code, label: l.name, text: `${l.name} ${l.code}` })), [options.languages]);

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5" data-testid="settings-general-form">
      <TextField
        label={t('name')}
        required
        maxLength={PROJECT_NAME_MAX}
        autoComplete="organization"
        registration={form.register('name')}
        error={errorOf('name')}
      />
      <div>
        <p className="mb-1 text-sm font-medium">{t('key')}</p>
        <p className="font-mono text-sm" data-testid="settings-key">
          {key}
        </p>
        <p className="mt-1 text-xs text-muted">{t('keyHint')}</p>
      </div>
      <LogoPicker
        current={general.logo}
        file={general.file}
        removing={general.removeLogo}
        onPick={general.pickLogo}
        onRemove={general.setRemoveLogo}
        error={errorOf('logo')}
      />
      <Controller
        control={form.control}
        name="currency"
        render={({ field }) => (
          <CurrencySelect
            currencies={options.currencies}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('currency')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <TimeZoneSelect zones={options.zones} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={errorOf('timeZone')} />
        )}
      />
      <Controller
        control={form.control}
        name="language"
        render={({ field }) => (
          <FilterableSelect
            label={t('language')}
            filterLabel={t('languageFilter')}
            options={languageOptions}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            normalize={fold}
            hint={t('languageHint')}
            error={errorOf('language')}
            testId="language-select"
          />
        )}
      />
      <SaveActions busy={busy} dirty={general.dirty} onDiscard={general.discard} />
    </form>
  );
}
