'use client';

import { secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';

/** Previous / next with "page n of m"; hidden when everything fits on one page. */
export function Pager({ page, size, total, busy, onPage }: { page: number; size: number; total: number; busy: boolean; onPage: (page: number) => void }) {
  const t = useText('rootUsers');
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1 && page === 1) return null;
  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center gap-3 text-sm" data-testid="root-users-pager">
      <button
        type="button"
        className={secondaryButton}
        disabled={busy || page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
        data-testid="root-users-previous"
      >
        {t('previous')}
      </button>
      <span aria-live="polite">{t('pageOf', { page, pages })}</span>
      <button type="button" className={secondaryButton} disabled={busy || page >= pages} onClick={() => onPage(page + 1)} data-testid="root-users-next">
        {t('next')}
      </button>
    </nav>
  );
}
