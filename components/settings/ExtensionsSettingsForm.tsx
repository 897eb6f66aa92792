'use client';

import { useId } from 'react';
import { useText } from '@/lib/i18n/client';
import { SaveActions } from './SaveActions';
import { useSettings } from './SettingsProvider';
import { switchInput } from '@/components/ui/buttons';

/** A switch per extension with what it does; the exclusive ones are shown, not switchable. */
export function ExtensionsSettingsForm() {
  const t = useText('settings');
  const prefix = useId();
  const { extensions } = useSettings();

  return (
    <form onSubmit={extensions.submit} noValidate className="flex max-w-xl flex-col gap-5" data-testid="settings-extensions-form">
      <ul className="divide-y divide-line rounded-card border border-line">
        {extensions.list.map((e) => {
          const id = `${prefix}-${e.name}`;
          return (
            <li key={e.name} className="flex items-start justify-between gap-4 p-4" data-testid={`extension-${e.name}`}>
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium">
                  {t(`extensions.${e.name}.name`)}
                </label>
                <p id={`${id}-desc`} className="mt-0.5 text-sm text-muted">
                  {t(`extensions.${e.name}.description`)}
                </p>
                {e.exclusive && (
                  <p id={`${id}-note`} className="mt-1 text-xs font-medium">
                    {t('exclusiveNote')}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-2 pt-0.5">
                <span aria-hidden="true" className="w-20 text-right text-xs text-muted">
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
                  className={switchInput}
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
