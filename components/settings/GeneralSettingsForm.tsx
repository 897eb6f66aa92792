'use client';

import { useId } from 'react';
import { TimeZoneSelect } from '@/components/account/TimeZoneSelect';
import { FieldError, SubmitButton, TextField, selectClass } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { PROJECT_NAME_MAX } from '@/lib/settings/schemas';
import { CurrencySelect } from './CurrencySelect';
import { LogoPicker } from './LogoPicker';
import { useSettings } from './SettingsProvider';

/** Name, logo, currency, time zone and language; its state is the layout's (see SettingsProvider). */
export function GeneralSettingsForm() {
  const t = useText('settings');
  const id = useId();
  const { key, options, general } = useSettings();
  const { form, submit, errorOf, busy } = general;
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
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('language')}
        </label>
        <select
          id={id}
          {...form.register('language')}
          aria-required
          aria-invalid={languageError ? true : undefined}
          aria-describedby={`${id}-hint${languageError ? ` ${id}-error` : ''}`}
          className={selectClass}
        >
          {options.languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs">
          {t('languageHint')}
        </p>
        <FieldError id={`${id}-error`} message={languageError} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="sm:w-48">
          <SubmitButton busy={busy} disabled={!general.dirty}>
            {t('save')}
          </SubmitButton>
        </div>
        <button type="button" onClick={general.discard} disabled={!general.dirty || busy} className="text-primary text-sm font-medium hover:underline disabled:opacity-50 disabled:hover:no-underline">
          {t('discard')}
        </button>
      </div>
    </form>
  );
}
