'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useDeferredValue, useState } from 'react';
import { Users } from 'lucide-react';
import { rowButton } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { formatDateTime } from '@/lib/format/date';
import { showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { usersQuery, type UsersPage } from '@/lib/photomagik/queries';
import type { UserView } from '@/lib/photomagik/schemas';
import { alerts } from '@/lib/shell/alerts';
import { LoadMore } from './LoadMore';
import { usePhotomagikWrite } from './use-photomagik-write';

const CreditsDialog = dynamic(() => import('./CreditsDialog').then((m) => m.CreditsDialog), { ssr: false });
const HistoryDialog = dynamic(() => import('./HistoryDialog').then((m) => m.HistoryDialog), { ssr: false });

/** The tool's users: credits, usage, last activity; grant credits, block, see the history. */
export function UsersManager({ initial, timeZone, mayUpdate }: { initial: UsersPage; timeZone: string; mayUpdate: boolean }) {
  const t = useText('photomagik');
  const te = useText('errors');
  const locale = useLocale();
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const list = useInfiniteQuery({
    ...usersQuery(search),
    initialData: search ? undefined : { pages: [initial], pageParams: [null] },
    placeholderData: keepPreviousData,
  });
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const [granting, setGranting] = useState<UserView | null>(null);
  const [viewing, setViewing] = useState<UserView | null>(null);
  const write = usePhotomagikWrite();

  const toggleBlock = async (u: UserView) => {
    try {
      const res = await write.mutateAsync({ path: `photomagik/users/${u.id}`, method: 'PATCH', json: { blocked: !u.blocked } });
      if (res.message) alerts.push({ type: 'success', title: res.message });
    } catch (error) {
      showError(error, te);
    }
  };

  return (
    <div className="space-y-4">
      <SearchInput label={t('ui.searchUsers')} value={q} onChange={setQ} className="h-10 w-full sm:w-80" testId="photomagik-users-search" />
      {users.length === 0 ? (
        search ? (
          <EmptyState icon={Users} text={t('ui.noUsersMatch', { query: search })} action={{ label: t('ui.clearSearch'), onClick: () => setQ('') }} />
        ) : (
          <EmptyState icon={Users} text={t('ui.noUsers')} />
        )
      ) : (
        <ul className="space-y-2" data-testid="photomagik-users">
          {users.map((u) => {
            const name = u.name || u.externalId;
            return (
              <li
                key={u.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-card border border-line bg-surface p-3"
                data-testid="photomagik-user-row"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-all">{name}</span>
                  {u.name && <span className="block text-xs break-all text-muted">{u.externalId}</span>}
                </span>
                <span className="text-sm" data-testid="photomagik-user-credits">
                  {t('ui.credits', { count: u.credits })}
                </span>
                <span className="text-sm text-muted">{t('ui.used', { count: u.used })}</span>
                <span className="text-xs text-muted">
                  {u.lastActiveAt ? t('ui.lastActive', { at: formatDateTime(u.lastActiveAt, locale, timeZone) }) : t('ui.neverActive')}
                </span>
                {u.blocked && (
                  <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{t('ui.blocked')}</span>
                )}
                <span className="flex gap-2">
                  <button type="button" className={rowButton} onClick={() => setViewing(u)} aria-label={t('ui.historyOf', { name })}>
                    {t('ui.history')}
                  </button>
                  {mayUpdate && (
                    <>
                      <button
                        type="button"
                        className={rowButton}
                        onClick={() => setGranting(u)}
                        aria-label={t('ui.creditsFor', { name })}
                        data-testid="photomagik-grant"
                      >
                        {t('ui.grant')}
                      </button>
                      <button
                        type="button"
                        className={rowButton}
                        onClick={() => void toggleBlock(u)}
                        aria-label={t(u.blocked ? 'ui.unblockNamed' : 'ui.blockNamed', { name })}
                      >
                        {t(u.blocked ? 'ui.unblock' : 'ui.block')}
                      </button>
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore
        hasMore={list.hasNextPage && !list.isPlaceholderData}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        testId="photomagik-users-more"
      />
      {granting && <CreditsDialog user={granting} onClose={() => setGranting(null)} />}
      {viewing && <HistoryDialog user={viewing} timeZone={timeZone} onClose={() => setViewing(null)} />}
    </div>
  );
}
