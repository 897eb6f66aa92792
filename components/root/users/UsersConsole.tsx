'use client';

import { useId, useState } from 'react';
import { SearchInput } from '@/components/ui/SearchInput';
import { selectClass } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { USER_STATES, type UserStateFilter } from '@/lib/root/user-schemas';
import type { RootUserItem, RootUserList } from '@/lib/root/users';
import { Pager } from './Pager';
import { useUserList, type ListQuery } from './use-user-list';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';

/** The root console's users: search, state filter, one page of the table, and a user's detail dialog. */
export function UsersConsole({ initial, initialQuery, viewerId, timeZone }: { initial: RootUserList; initialQuery: ListQuery; viewerId: string; timeZone: string }) {
  const t = useText('rootUsers');
  const list = useUserList(initial, initialQuery);
  const [open, setOpen] = useState<RootUserItem | null>(null);
  const stateId = useId();
  const { items, total, page, size } = list.data;
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
          <select id={stateId} value={list.query.state} onChange={(e) => list.setState(e.target.value as UserStateFilter)} className={selectClass} data-testid="root-users-state">
            {USER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="text-muted text-sm" role="status" aria-live="polite" data-testid="root-users-total">
        {list.busy ? t('loading') : t('total', { total })}
      </p>

      {items.length === 0 ? (
        <p className="text-muted text-sm" data-testid="root-users-empty">
          {filtered || page > 1 ? t('noMatch') : t('empty')}
        </p>
      ) : (
        <UsersTable items={items} viewerId={viewerId} timeZone={timeZone} busy={list.busy} onOpen={setOpen} />
      )}

      <Pager page={page} size={size} total={total} busy={list.busy} onPage={list.setPage} />

      {open && <UserDialog user={open} viewerId={viewerId} timeZone={timeZone} onChanged={list.reload} onClose={() => setOpen(null)} />}
    </div>
  );
}
