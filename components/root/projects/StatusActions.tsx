'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { useProjectChange } from './use-project-change';

const ENABLED = 1;
const DISABLED = 2;

/**
 * Enable and disable through root's review endpoint, which also emails the requester.
 * Disabling takes the project from its members, so it asks first.
 */
export function StatusActions({ project }: { project: { id: string; name: string; status: number } }) {
  const t = useText('rootProjects');
  const te = useText('errors');
  const [confirming, setConfirming] = useState(false);
  const changed = useProjectChange(project.id);
  const change = useMutation({
    mutationFn: (status: number) =>
      api<{ data: { project: { id: string; status: number } } }>('auth/projects/updateStatus', { json: { projectId: project.id, status, root: true } }),
    onSuccess: ({ data }, status) => {
      alerts.push({ type: 'success', title: t(status === ENABLED ? 'enabled' : 'disabled', { name: project.name }) });
      return changed({ status: data.project.status });
    },
    onError: (error) => showError(error, te),
  });
  const busy = change.isPending ? change.variables : null;
  const setStatus = (status: number) =>
    change.mutateAsync(status).then(
      () => true,
      () => false,
    );

  return (
    <div className="flex flex-wrap gap-2">
      {project.status !== ENABLED && (
        <button
          type="button"
          className={primaryButton}
          disabled={busy !== null}
          aria-busy={busy === ENABLED || undefined}
          onClick={() => setStatus(ENABLED)}
          data-testid="root-project-enable"
        >
          {busy === ENABLED ? t('enabling') : t('enable')}
        </button>
      )}
      {project.status !== DISABLED && (
        <button type="button" className={secondaryButton} disabled={busy !== null} onClick={() => setConfirming(true)} data-testid="root-project-disable">
          {t('disable')}
        </button>
      )}
      {confirming && (
        <Dialog
          title={t('disableTitle', { name: project.name })}
          lead={t('disableText')}
          onClose={() => setConfirming(false)}
          busy={busy !== null}
          testId="root-project-disable-dialog"
        >
          <div className="px-5 pb-5">
            {/* Focus starts on the harmless answer, so a stray Enter takes nothing away. */}
            <DialogActions onCancel={() => setConfirming(false)} cancelLabel={t('cancel')} busy={busy !== null} focusCancel>
              <button
                type="button"
                className={dangerButton}
                disabled={busy !== null}
                aria-busy={busy === DISABLED || undefined}
                onClick={async () => {
                  if (await setStatus(DISABLED)) setConfirming(false);
                }}
                data-testid="root-project-disable-confirm"
              >
                {busy === DISABLED ? t('disabling') : t('disableConfirm')}
              </button>
            </DialogActions>
          </div>
        </Dialog>
      )}
    </div>
  );
}
