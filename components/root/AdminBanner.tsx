'use client';

import { useState } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';

/**
 * Shown on every dashboard page while root acts as a project's admin: whose project this
 * is, and the way back to the root's own session (to the project's page in the console).
 */
export function AdminBanner({ projectId, projectName }: { projectId: string; projectName: string }) {
  const t = useText('actingAdmin');
  const te = useText('errors');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    try {
      await api('auth/projects/leaveAdmin', { json: {} });
      window.location.assign(pathFor('rootProject', locale, { id: projectId }));
    } catch (error) {
      showError(error, te);
      setBusy(false);
    }
  }

  return (
    <div role="region" aria-label={t('label')} className="bg-ink text-surface flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm" data-testid="admin-banner">
      <p className="min-w-0 flex-1">{t('banner', { project: projectName })}</p>
      <button
        type="button"
        onClick={leave}
        disabled={busy}
        aria-busy={busy || undefined}
        className="border-surface/60 hover:bg-surface/10 rounded-md border px-3 py-1 font-medium disabled:opacity-60"
        data-testid="admin-leave"
      >
        {busy ? t('backBusy') : t('back')}
      </button>
    </div>
  );
}
