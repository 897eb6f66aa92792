'use client';

import { rowButton } from '@/components/ui/buttons';
import { DataTable } from '@/components/ui/DataTable';
import { useLocale, useText } from '@/lib/i18n/client';
import type { PendingInvitation } from '@/lib/users/invitations';
import { ProfileChips } from './Chips';
import { formatDateTime } from '@/lib/format';

/** Invitations waiting for an answer; whoever may invite may also withdraw them. */
export function InvitationsTable({
  invitations,
  canRevoke,
  timeZone,
  onRevoke,
}: {
  invitations: PendingInvitation[];
  canRevoke: boolean;
  timeZone: string;
  onRevoke: (invitation: PendingInvitation) => void;
}) {
  const t = useText('users');
  const locale = useLocale();
  if (invitations.length === 0) return <p className="text-sm text-muted">{t('noInvitations')}</p>;
  return (
    <DataTable
      testId="invitations"
      columns={[
        { label: t('email') },
        { label: t('profiles') },
        { label: t('invitedBy') },
        { label: t('expires') },
        canRevoke && { label: t('actions'), hidden: true },
      ]}
    >
      {invitations.map((i) => (
        <tr key={i.id} data-testid="invitation" data-email={i.email}>
          <td className="px-3 py-2 font-medium">{i.email}</td>
          <td className="px-3 py-2">
            <ProfileChips profiles={i.profiles} fullAccess={t('fullAccess')} />
          </td>
          <td className="px-3 py-2 text-muted">{i.invitedBy ?? '—'}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={i.expiresAt}>{formatDateTime(i.expiresAt, locale, timeZone)}</time>
          </td>
          {canRevoke && (
            <td className="px-3 py-2 text-right">
              <button
                type="button"
                className={rowButton}
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
    </DataTable>
  );
}
