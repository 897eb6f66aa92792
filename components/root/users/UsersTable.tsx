'use client';

import { DataTable } from '@/components/ui/DataTable';
import { MemberAvatar } from '@/components/users/Chips';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { RootUserItem } from '@/lib/root/users';
import { RootMarker, StateBadge } from './StateBadge';

/**
 * One page of users. The name is the row's button (keyboard and screen readers); a click
 * anywhere on the row does the same for a mouse.
 */
export function UsersTable({
  items,
  viewerId,
  timeZone,
  busy,
  onOpen,
}: {
  items: RootUserItem[];
  viewerId: string;
  timeZone: string;
  busy: boolean;
  onOpen: (user: RootUserItem) => void;
}) {
  const t = useText('rootUsers');
  const locale = useLocale();
  return (
    <DataTable
      testId="root-users"
      busy={busy}
      columns={[{ label: t('user') }, { label: t('state') }, { label: t('projects') }, { label: t('joined') }, { label: t('lastSeen') }]}
    >
      {items.map((u) => (
        <tr
          key={u.id}
          data-testid="root-user-row"
          data-email={u.email}
          onClick={() => onOpen(u)}
          className={`cursor-pointer hover:bg-surface-2 ${u.state === 'disabled' ? 'text-muted' : ''}`}
        >
          <td className="px-3 py-2">
            <div className="flex items-center gap-3">
              <MemberAvatar name={u.name} avatar={u.avatar} />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center font-medium">
                  <button
                    type="button"
                    className="text-left hover:underline"
                    aria-label={t('open', { name: u.name })}
                    // The row's own click handler opens it; stopping here avoids opening twice.
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(u);
                    }}
                    data-testid="root-user-open"
                  >
                    {u.name}
                  </button>
                  {u.id === viewerId && <span className="ml-1 font-normal text-muted">({t('you')})</span>}
                  {u.isRoot && <RootMarker />}
                </p>
                <p className="truncate text-xs text-muted">{u.email}</p>
              </div>
            </div>
          </td>
          <td className="px-3 py-2">
            <StateBadge state={u.state} />
          </td>
          <td className="px-3 py-2 tabular-nums">{u.projects}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={u.createdAt}>{formatDate(u.createdAt, locale, timeZone)}</time>
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            {u.lastSeenAt ? (
              <time dateTime={u.lastSeenAt}>{formatDateTime(u.lastSeenAt, locale, timeZone)}</time>
            ) : (
              <span className="text-muted">{t('never')}</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
