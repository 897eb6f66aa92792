'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { primaryButton } from '@/components/ui/buttons';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';

/**
 * Root's "login as admin": after a confirmation that says what it means, the session is
 * switched to the project and the whole app reloads there, leaving no state of the root's.
 */
export function EnterAsAdmin({ projectId, projectName }: { projectId: string; projectName: string }) {
  const t = useText('actingAdmin');
  const te = useText('errors');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const enter = useMutation({
    mutationFn: () => api('auth/projects/loginAsAdmin', { json: { projectId, root: true } }),
    onSuccess: () => window.location.assign(pathFor('dashboard', locale)),
    onError: (error) => showError(error, te),
  });
  // Still busy after success, while the dashboard loads.
  const busy = enter.isPending || enter.isSuccess;

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={primaryButton} data-testid="enter-as-admin">
        {t('enter')}
      </button>
      {open && (
        <Dialog
          title={t('enterTitle', { project: projectName })}
          lead={t('enterLead')}
          onClose={() => setOpen(false)}
          busy={busy}
          testId="enter-as-admin-dialog"
        >
          <div className="px-5 pb-5">
            <DialogActions onCancel={() => setOpen(false)} cancelLabel={t('cancel')} busy={busy} focusCancel>
              <button
                type="button"
                onClick={() => enter.mutate()}
                disabled={busy}
                aria-busy={busy || undefined}
                className={primaryButton}
                data-testid="enter-as-admin-confirm"
              >
                {busy ? t('enterBusy') : t('enterConfirm')}
              </button>
            </DialogActions>
          </div>
        </Dialog>
      )}
    </>
  );
}
