'use client';

import { secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';

/** "Page x of y" with previous and next; `pages` is at least 1. */
export function Pagination({ page, pages, busy, onPage }: { page: number; pages: number; busy: boolean; onPage: (page: number) => void }) {
  const t = useText('rootProjects');
  return (
    <nav aria-label={t('pagination')} className="flex items-center gap-3" data-testid="root-projects-pagination">
      <button type="button" className={secondaryButton} disabled={busy || page <= 1} onClick={() => onPage(page - 1)} data-testid="root-projects-previous">
        {t('previous')}
      </button>
      <p className="text-sm text-muted tabular-nums" aria-live="polite" data-testid="root-projects-page">
        {t('pageOf', { page: Math.min(page, pages), pages })}
      </p>
      <button type="button" className={secondaryButton} disabled={busy || page >= pages} onClick={() => onPage(page + 1)} data-testid="root-projects-next">
        {t('next')}
      </button>
    </nav>
  );
}
