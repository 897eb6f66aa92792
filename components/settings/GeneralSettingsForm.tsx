'use client';

import { useId } from 'react';
import { TimeZoneSelect } from '@/components/account/TimeZoneSelect';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { PROJECT_NAME_MAX } from '@/lib/settings/schemas';
import { CurrencySelect } from './CurrencySelect';
import { LogoPicker } from './LogoPicker';
import { SaveActions } from './SaveActions';
import { useSettings } from './SettingsProvider';

/** Name, logo, currency, time zone and language; its state is the layout's (see SettingsProvider). */
export function GeneralSettingsForm() {
  const t = useText('settings');
  const id = useId();
  const { key, options, general } = useSettings();
  const { form, submit, errorOf, busy } = general;
  const languageHint = t('languageHint');
  const languageError = errorOf('language');

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5" data-testid="settings-general-form">
      <TextField label={t('name')} required maxLength={PROJECT_NAME_MAX} autoComplete="organization" registration={form.register('name')} error={errorOf('name')} />
      <div>
        <p className="mb-1 text-sm font-medium">{t('key')}</p>
        <p className="font-mono text-sm" data-testid="settings-key">
          {key}
        </p>
        <p className="text-muted mt-1 text-xs">{t('keyHint')}</p>
      </div>
      <LogoPicker current={general.logo} file={general.file} removing={general.removeLogo} onPick={general.pickLogo} onRemove={general.setRemoveLogo} error={errorOf('logo')} />
      <CurrencySelect currencies={options.currencies} value={form.watch('currency') ?? ''} registration={form.register('currency')} error={errorOf('currency')} />
      <TimeZoneSelect zones={options.zones} value={form.watch('timeZone') ?? ''} registration={form.register('timeZone')} error={errorOf('timeZone')} />
      <FieldFrame id={id} label={t('language')} hint={languageHint} error={languageError}>
        <select {...form.register('language')} {...wiring(id, { hint: languageHint, error: languageError, required: true })} className={selectClass}>
          {options.languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </FieldFrame>
      <SaveActions busy={busy} dirty={general.dirty} onDiscard={general.discard} />
    </form>
  );
}
