'use client';

import { useId } from 'react';
import { useText } from '@/lib/i18n/client';
import { SaveActions } from './SaveActions';
import { useSettings } from './SettingsProvider';

const SWITCH =
  'border-line bg-surface-2 checked:border-primary checked:bg-primary focus-visible:outline-primary relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-4.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

/** A switch per extension with what it does; the exclusive ones are shown, not switchable. */
export function ExtensionsSettingsForm() {
  const t = useText('settings');
  const prefix = useId();
  const { extensions } = useSettings();

  return (
    <form onSubmit={extensions.submit} noValidate className="flex max-w-xl flex-col gap-5" data-testid="settings-extensions-form">
      <ul className="border-line divide-line divide-y rounded-lg border">
        {extensions.list.map((e) => {
          const id = `${prefix}-${e.name}`;
          return (
            <li key={e.name} className="flex items-start justify-between gap-4 p-4" data-testid={`extension-${e.name}`}>
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium">
                  {t(`extensions.${e.name}.name`)}
                </label>
                <p id={`${id}-desc`} className="text-muted mt-0.5 text-sm">
                  {t(`extensions.${e.name}.description`)}
                </p>
                {e.exclusive && (
                  <p id={`${id}-note`} className="mt-1 text-xs font-medium">
                    {t('exclusiveNote')}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-2 pt-0.5">
                <span aria-hidden="true" className="text-muted w-20 text-right text-xs">
                  {e.on ? t('on') : t('off')}
                </span>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  checked={e.on}
                  disabled={e.exclusive || extensions.busy}
                  onChange={(ev) => extensions.toggle(e.name, ev.target.checked)}
                  aria-describedby={`${id}-desc${e.exclusive ? ` ${id}-note` : ''}`}
                  className={SWITCH}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <SaveActions busy={extensions.busy} dirty={extensions.dirty} onDiscard={extensions.discard} />
    </form>
  );
}
