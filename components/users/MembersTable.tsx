'use client';

import { rowButton } from '@/components/ui/buttons';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { useLocale, useText } from '@/lib/i18n/client';
import type { MemberView, ProfileOption } from '@/lib/users/members';
import { MemberAvatar, ProfileChips } from './Chips';
import { formatDate, formatDateTime, relativeTime } from '@/lib/format';

export type MemberAction = 'profiles' | 'deactivate' | 'reactivate' | 'remove';
export type Can = { create: boolean; update: boolean; remove: boolean };

/** The members, with the actions the viewer's profile allows on each. */
export function MembersTable({
  members,
  options,
  can,
  viewerId,
  now,
  timeZone,
  onAction,
}: {
  members: MemberView[];
  options: ProfileOption[];
  can: Can;
  viewerId: string;
  now: number;
  timeZone: string;
  onAction: (action: MemberAction, member: MemberView) => void;
}) {
  const t = useText('users');
  const locale = useLocale();
  // The server refuses changes to someone whose profiles the viewer could not hand out.
  const assignable = new Set(options.filter((o) => o.assignable).map((o) => o.id));
  const reachable = (m: MemberView) => m.profiles.every((p) => assignable.has(p.id));
  const withActions = can.update || can.remove;
  return (
    <DataTable
      testId="members"
      cards
      columns={[
        { label: t('member') },
        { label: t('profiles') },
        { label: t('status') },
        { label: t('lastSeen') },
        { label: t('joined') },
        withActions && { label: t('actions'), hidden: true },
      ]}
    >
      {members.map((m) => (
        <tr key={m.id} data-testid="member" data-email={m.email} className={m.status === 0 ? 'text-muted' : undefined}>
          <td className="px-3 py-2 max-sm:block max-sm:px-0 max-sm:pb-2">
            <div className="flex items-center gap-3">
              <MemberAvatar name={m.name} avatar={m.avatar} />
              <div className="min-w-0">
                <p className="font-medium">
                  {m.name}
                  {m.userId === viewerId && <span className="font-normal text-muted"> ({t('you')})</span>}
                </p>
                <p className="truncate text-xs text-muted">{m.email}</p>
              </div>
            </div>
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('profiles')}>
            <ProfileChips profiles={m.profiles} fullAccess={t('fullAccess')} />
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('status')}>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${m.status === 1 ? 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300' : 'bg-surface-2 text-muted'}`}
              data-testid="member-status"
            >
              {m.status === 1 ? t('active') : t('deactivated')}
            </span>
          </td>
          <td className={`px-3 py-2 whitespace-nowrap ${cardCell}`} data-label={t('lastSeen')}>
            {m.lastSeenAt ? (
              <time dateTime={m.lastSeenAt} title={formatDateTime(m.lastSeenAt, locale, timeZone)}>
                {relativeTime(m.lastSeenAt, now, locale)}
              </time>
            ) : (
              <span className="text-muted">{t('never')}</span>
            )}
          </td>
          <td className={`px-3 py-2 whitespace-nowrap ${cardCell}`} data-label={t('joined')}>
            <time dateTime={m.joinedAt}>{formatDate(m.joinedAt, locale, timeZone)}</time>
          </td>
          {withActions && (
            <td className="px-3 py-2 max-sm:block max-sm:px-0 max-sm:pt-2">
              {reachable(m) ? (
                <div className="flex flex-wrap justify-end gap-1.5 whitespace-nowrap max-sm:justify-start">
                  {can.update && (
                    <>
                      <button
                        type="button"
                        className={rowButton}
                        aria-label={t('changeProfilesFor', { name: m.name })}
                        onClick={() => onAction('profiles', m)}
                        data-testid="member-profiles"
                      >
                        {t('changeProfiles')}
                      </button>
                      <button
                        type="button"
                        className={rowButton}
                        aria-label={t(m.status === 1 ? 'deactivateFor' : 'reactivateFor', { name: m.name })}
                        onClick={() => onAction(m.status === 1 ? 'deactivate' : 'reactivate', m)}
                        data-testid="member-status-toggle"
                      >
                        {m.status === 1 ? t('deactivate') : t('reactivate')}
                      </button>
                    </>
                  )}
                  {can.remove && (
                    <button
                      type="button"
                      className={`${rowButton} text-red-700 dark:text-red-400`}
                      aria-label={t('removeFor', { name: m.name })}
                      onClick={() => onAction('remove', m)}
                      data-testid="member-remove"
                    >
                      {t('remove')}
                    </button>
                  )}
                </div>
              ) : (
                <p className="text-right text-xs text-muted max-sm:text-left">{t('outOfReach')}</p>
              )}
            </td>
          )}
        </tr>
      ))}
    </DataTable>
  );
}
