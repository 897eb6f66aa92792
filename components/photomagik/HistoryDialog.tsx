'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/Dialog';
import { formatDateTime } from '@/lib/format/date';
import { useLocale, useText } from '@/lib/i18n/client';
import { userQuery } from '@/lib/photomagik/queries';
import type { UserView } from '@/lib/photomagik/schemas';
import { LoadMore } from './LoadMore';

/** One user's latest generations with their images, times on the project's clock. */
export function HistoryDialog({ user, timeZone, onClose }: { user: UserView; timeZone: string; onClose: () => void }) {
  const t = useText('photomagik');
  const locale = useLocale();
  const history = useInfiniteQuery(userQuery(user.id));
  const { isPending } = history;
  const generations = history.data?.pages.flatMap((p) => p.generations) ?? [];
  return (
    <Dialog title={t('ui.historyOf', { name: user.name || user.externalId })} onClose={onClose} testId="photomagik-history-dialog">
      <div className="max-h-[70vh] overflow-y-auto px-5 py-4">
        {isPending ? (
          <p className="text-muted">{t('ui.loading')}</p>
        ) : !generations.length ? (
          <p className="text-muted">{t('ui.noHistory')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="photomagik-history">
            {generations.map((g) => (
              <li key={g.id} className="rounded-card border border-line p-2">
                {g.imageUrl ? (
                  <img src={g.imageUrl} alt={g.prompt} width={256} height={256} className="aspect-square w-full rounded-control object-cover" />
                ) : (
                  <span className="flex aspect-square w-full items-center justify-center rounded-control bg-surface-2 text-sm text-muted">
                    {t(`ui.status.${g.status}`)}
                  </span>
                )}
                <p className="mt-2 text-sm break-words">{g.prompt}</p>
                <p className="text-xs text-muted">
                  {g.style ?? t('ui.deletedStyle')} · {t(`ui.status.${g.status}`)} · {formatDateTime(g.createdAt, locale, timeZone)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <LoadMore
          hasMore={history.hasNextPage}
          loading={history.isFetchingNextPage}
          onMore={() => void history.fetchNextPage()}
          testId="photomagik-history-more"
        />
      </div>
    </Dialog>
  );
}
