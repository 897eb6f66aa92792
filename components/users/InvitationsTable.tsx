'use client';

import { useLocale, useText } from '@/lib/i18n/client';
import type { PendingInvitation } from '@/lib/users/invitations';
import { ProfileChips } from './Chips';
import { formatDate } from './format';

/** Invitations waiting for an answer; whoever may invite may also withdraw them. */
export function InvitationsTable({ invitations, canRevoke, timeZone, onRevoke }: { invitations: PendingInvitation[]; canRevoke: boolean; timeZone: string; onRevoke: (invitation: PendingInvitation) => void }) {
  const t = useText('users');
  const locale = useLocale();
  if (invitations.length === 0) return <p className="text-muted text-sm">{t('noInvitations')}</p>;
  return (
    <div className="border-line relative overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm" data-testid="invitations">
        <thead className="bg-surface-2 text-muted text-xs uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('email')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('profiles')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('invitedBy')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('expires')}</th>
            {canRevoke && <th scope="col" className="px-3 py-2"><span className="sr-only">{t('actions')}</span></th>}
          </tr>
        </thead>
        <tbody className="divide-line divide-y">
          {invitations.map((i) => (
            <tr key={i.id} data-testid="invitation" data-email={i.email}>
              <td className="px-3 py-2 font-medium">{i.email}</td>
              <td className="px-3 py-2">
                <ProfileChips profiles={i.profiles} fullAccess={t('fullAccess')} />
              </td>
              <td className="text-muted px-3 py-2">{i.invitedBy ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={i.expiresAt}>{formatDate(i.expiresAt, locale, timeZone, true)}</time>
              </td>
              {canRevoke && (
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    className="border-line hover:bg-surface-2 rounded-md border px-2.5 py-1 text-xs font-medium"
                    aria-label={t('revokeFor', { email: i.email })}
                    onClick={() => onRevoke(i)}
                    data-testid="invitation-revoke"
                  >
                    {t('revoke')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
