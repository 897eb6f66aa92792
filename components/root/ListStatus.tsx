'use client';

import { secondaryButton } from '@/components/ui/buttons';

/** A paged list's first load: "loading…", or the failure with a retry; nothing once it is ready. */
export function ListStatus({
  status,
  onRetry,
  labels,
}: {
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
  labels: { loading: string; failed: string; retry: string };
}) {
  if (status === 'loading')
    return (
      <p className="text-sm text-muted" role="status" aria-live="polite">
        {labels.loading}
      </p>
    );
  if (status === 'error')
    return (
      <div className="flex items-center gap-3 text-sm" role="alert">
        <span>{labels.failed}</span>
        <button type="button" className={secondaryButton} onClick={onRetry}>
          {labels.retry}
        </button>
      </div>
    );
  return null;
}
