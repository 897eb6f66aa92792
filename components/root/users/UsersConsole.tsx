'use client';

import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { useText } from '@/lib/i18n/client';
import { USER_STATES, type UserStateFilter } from '@/lib/root/user-schemas';
import type { RootUserItem, RootUserList } from '@/lib/root/users';
import { ListStatus } from '../ListStatus';
import { Pager } from '@/components/ui/Pager';
import { useUserList, type ListQuery } from './use-user-list';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';
import { Select } from '@/components/ui/Select';

/** The root console's users: search, state filter, one page of the table, and a user's detail dialog. */
export function UsersConsole({
  initial,
  initialQuery,
  viewerId,
  timeZone,
}: {
  initial: RootUserList;
  initialQuery: ListQuery;
  viewerId: string;
  timeZone: string;
}) {
  const t = useText('rootUsers');
  const list = useUserList(initial, initialQuery);
  const [open, setOpen] = useState<RootUserItem | null>(null);
  const stateId = useId();
  const filtered = list.query.q !== '' || list.query.state !== 'all';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <SearchInput label={t('search')} value={list.text} onChange={list.search} className="w-full max-w-sm py-2" testId="root-users-search" />
        </div>
        <div>
          <label htmlFor={stateId} className="mb-1 block text-sm font-medium">
            {t('stateFilter')}
          </label>
          <Select
            id={stateId}
            value={list.query.state}
            onChange={(state) => list.setState(state as UserStateFilter)}
            options={USER_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            className="w-44"
            testId="root-users-state"
          />
        </div>
      </div>

      <p className="text-sm text-muted" role="status" aria-live="polite" data-testid="root-users-total">
        {list.busy ? t('loading') : list.data ? t('total', { total: list.data.total }) : ''}
      </p>

      {!list.data ? (
        <ListStatus
          status={list.failed ? 'error' : 'loading'}
          onRetry={list.retry}
          labels={{ loading: t('loading'), failed: t('listFailed'), retry: t('retry') }}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Users} text={filtered || list.data.page > 1 ? t('noMatch') : t('empty')} testId="root-users-empty" />
      ) : (
        <UsersTable items={list.data.items} viewerId={viewerId} timeZone={timeZone} busy={list.busy} onOpen={setOpen} />
      )}

      {list.data && <Pager page={list.data.page} size={list.data.size} total={list.data.total} busy={list.busy} onPage={list.setPage} testId="root-users" />}

      {open && <UserDialog user={open} viewerId={viewerId} timeZone={timeZone} onClose={() => setOpen(null)} />}
    </div>
  );
}
