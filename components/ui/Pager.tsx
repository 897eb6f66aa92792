'use client';

import { secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';

/**
 * Previous / next with "page n of m", for every paged list; hidden when everything fits on
 * one page. `testId` names the nav, its buttons get `-previous` and `-next`.
 */
export function Pager({
  page,
  size,
  total,
  busy,
  onPage,
  testId,
}: {
  page: number;
  size: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
  testId: string;
}) {
  const t = useText('ui');
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1 && page === 1) return null;
  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center gap-3 text-sm" data-testid={`${testId}-pager`}>
      <button
        type="button"
        className={secondaryButton}
        disabled={busy || page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
        data-testid={`${testId}-previous`}
      >
        {t('previous')}
      </button>
      <span aria-live="polite">{t('pageOf', { page, pages })}</span>
      <button type="button" className={secondaryButton} disabled={busy || page >= pages} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
        {t('next')}
      </button>
    </nav>
  );
}
