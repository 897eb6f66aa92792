'use client';

import { useId, useState } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { EXCLUSIVE_EXTENSIONS } from '@/lib/root/project-schemas';
import type { ExclusiveExtension } from '@/lib/settings/schemas';
import { alerts } from '@/lib/shell/alerts';
import { switchInput } from '@/components/ui/buttons';


/** A switch per exclusive extension; each change is saved at once. */
export function ExtensionSwitches({ projectId, extensions, onChanged }: { projectId: string; extensions: string[]; onChanged: (extensions: string[]) => void }) {
  const t = useText('rootProjects');
  const te = useText('errors');
  const prefix = useId();
  const [busy, setBusy] = useState<ExclusiveExtension | null>(null);

  async function toggle(extension: ExclusiveExtension, enabled: boolean) {
    setBusy(extension);
    try {
      const { data, message } = await api<{ data: { project: { extensions: string[] } }; message: string }>(`root/projects/${projectId}/extensions`, { json: { extension, enabled } });
      onChanged(data.project.extensions);
      alerts.push({ type: 'success', title: message });
    } catch (error) {
      showError(error, te);
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="border-line divide-line divide-y rounded-lg border">
      {EXCLUSIVE_EXTENSIONS.map((name) => {
        const id = `${prefix}-${name}`;
        const on = extensions.includes(name);
        return (
          <li key={name} className="flex items-start justify-between gap-4 p-4">
            <div className="min-w-0">
              <label htmlFor={id} className="font-medium">
                {t(`extension.${name}.name`)}
              </label>
              <p id={`${id}-desc`} className="text-muted mt-0.5 text-sm">
                {t(`extension.${name}.description`)}
              </p>
            </div>
            <div className="flex items-center gap-2 pt-0.5">
              <span aria-hidden="true" className="text-muted w-20 text-right text-xs">
                {on ? t('on') : t('off')}
              </span>
              <input
                id={id}
                type="checkbox"
                role="switch"
                checked={on}
                disabled={busy !== null}
                aria-busy={busy === name || undefined}
                aria-describedby={`${id}-desc`}
                onChange={(e) => toggle(name, e.target.checked)}
                className={switchInput}
                data-testid={`root-project-extension-${name}`}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
