'use client';

import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { EXCLUSIVE_EXTENSIONS } from '@/lib/root/project-schemas';
import type { ExclusiveExtension } from '@/lib/settings/schemas';
import { alerts } from '@/lib/shell/alerts';
import { switchInput } from '@/components/ui/buttons';
import { useProjectChange } from './use-project-change';

/** A switch per exclusive extension; each change is saved at once. */
export function ExtensionSwitches({ projectId, extensions }: { projectId: string; extensions: string[] }) {
  const t = useText('rootProjects');
  const te = useText('errors');
  const prefix = useId();
  const changed = useProjectChange(projectId);
  const toggle = useMutation({
    mutationFn: ({ extension, enabled }: { extension: ExclusiveExtension; enabled: boolean }) =>
      api<{ data: { project: { extensions: string[] } }; message: string }>(`root/projects/${projectId}/extensions`, { json: { extension, enabled } }),
    onSuccess: ({ data, message }) => {
      alerts.push({ type: 'success', title: message });
      return changed({ extensions: data.project.extensions });
    },
    onError: (error) => showError(error, te),
  });
  const busy = toggle.isPending ? toggle.variables.extension : null;

  return (
    <ul className="divide-y divide-line rounded-card border border-line">
      {EXCLUSIVE_EXTENSIONS.map((name) => {
        const id = `${prefix}-${name}`;
        const on = extensions.includes(name);
        return (
          <li key={name} className="flex items-start justify-between gap-4 p-4">
            <div className="min-w-0">
              <label htmlFor={id} className="font-medium">
                {t(`extension.${name}.name`)}
              </label>
              <p id={`${id}-desc`} className="mt-0.5 text-sm text-muted">
                {t(`extension.${name}.description`)}
              </p>
            </div>
            <div className="flex items-center gap-2 pt-0.5">
              <span aria-hidden="true" className="w-20 text-right text-xs text-muted">
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
                onChange={(e) => toggle.mutate({ extension: name, enabled: e.target.checked })}
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
