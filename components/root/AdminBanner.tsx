'use client';

import { useMutation } from '@tanstack/react-query';
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
  // The session changes under every page: the whole app loads again in the console.
  const leave = useMutation({
    mutationFn: () => api('auth/projects/leaveAdmin', { json: {} }),
    onSuccess: () => window.location.assign(pathFor('rootProject', locale, { id: projectId })),
    onError: (error) => showError(error, te),
  });
  // Still busy after success, while the next page loads.
  const busy = leave.isPending || leave.isSuccess;

  return (
    <div
      role="region"
      aria-label={t('label')}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-ink px-4 py-2 text-sm text-surface"
      data-testid="admin-banner"
    >
      <p className="min-w-0 flex-1">{t('banner', { project: projectName })}</p>
      <button
        type="button"
        onClick={() => leave.mutate()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="rounded-control border border-surface/60 px-3 py-1 font-medium hover:bg-surface/10 disabled:opacity-60"
        data-testid="admin-leave"
      >
        {busy ? t('backBusy') : t('back')}
      </button>
    </div>
  );
}
