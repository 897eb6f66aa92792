'use client';

import { rowButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';

/** The next page of a cursor-paged list, on request (keyboard reachable, announces while loading). */
export function LoadMore({ hasMore, loading, onMore, testId }: { hasMore: boolean; loading: boolean; onMore: () => void; testId: string }) {
  const t = useText('photomagik');
  if (!hasMore) return null;
  return (
    <div className="mt-3 flex justify-center">
      <button type="button" className={rowButton} onClick={onMore} disabled={loading} aria-busy={loading} data-testid={testId}>
        {loading ? t('ui.loading') : t('ui.loadMore')}
      </button>
    </div>
  );
}
