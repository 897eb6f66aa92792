'use client';

import { useEffect, useState } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { fold } from '@/components/ui/fold';
import { SearchInput } from '@/components/ui/SearchInput';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import type { PendingInvitation } from '@/lib/users/invitations';
import type { MemberView } from '@/lib/users/members';
import type { UsersOverview } from '@/lib/users/overview';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { InvitationsTable } from './InvitationsTable';
import { InviteDialog } from './InviteDialog';
import { MembersTable, type Can, type MemberAction } from './MembersTable';
import { ProfilesDialog } from './ProfilesDialog';

type Open = { kind: 'invite' } | { kind: Exclude<MemberAction, 'reactivate'>; member: MemberView } | { kind: 'revoke'; invitation: PendingInvitation };

/** The clock for "last seen": the server's reading at first, so hydration matches, then the browser's each minute. */
function useNow(renderedAt: number): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The members page: search, members, pending invitations and the dialogs that change them. */
export function UsersPanel({ initial, can, viewerId, timeZone, renderedAt }: { initial: UsersOverview; can: Can; viewerId: string; timeZone: string; renderedAt: number }) {
  const t = useText('users');
  const te = useText('errors');
  const [data, setData] = useState(initial);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open | null>(null);
  const now = useNow(renderedAt);
  const close = () => setOpen(null);

  async function refresh() {
    try {
      setData(await api<UsersOverview>('users', { method: 'GET' }));
    } catch (error) {
      showError(error, te);
    }
  }

  /** Runs a change; true when it went through. Acting on oneself may end one's access here. */
  async function change(path: string, init: { method: string; json?: unknown }, self: boolean, success?: string): Promise<boolean> {
    try {
      const { message } = await api<{ message: string }>(path, init);
      alerts.push({ type: 'success', title: success ?? message });
      if (self) location.assign('/dashboard');
      else await refresh();
      return true;
    } catch (error) {
      showError(error, te);
      return false;
    }
  }

  function act(kind: MemberAction, member: MemberView) {
    // Reactivating takes nothing away, so it runs at once instead of asking first.
    if (kind === 'reactivate') void change(`users/${member.id}`, { method: 'PATCH', json: { status: 1 } }, false, t('reactivated'));
    else setOpen({ kind, member });
  }

  const needle = fold(query.trim());
  const shown = needle ? data.members.filter((m) => fold(m.name).includes(needle) || fold(m.email).includes(needle)) : data.members;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <SearchInput label={t('search')} value={query} onChange={setQuery} className="w-full max-w-sm py-2" testId="members-search" />
        </div>
        {can.create && (
          <button type="button" className={primaryButton} onClick={() => setOpen({ kind: 'invite' })} data-testid="invite-open">
            {t('invite')}
          </button>
        )}
      </div>

      <section aria-labelledby="members-title" className="flex flex-col gap-3">
        <h2 id="members-title" className="text-lg font-semibold">
          {t('members', { count: data.members.length })}
        </h2>
        {shown.length === 0 ? (
          <p className="text-muted text-sm" role="status">
            {t('noMatch', { query: query.trim() })}
          </p>
        ) : (
          <MembersTable members={shown} options={data.profiles} can={can} viewerId={viewerId} now={now} timeZone={timeZone} onAction={act} />
        )}
      </section>

      <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
        <h2 id="invitations-title" className="text-lg font-semibold">
          {t('invitations', { count: data.invitations.length })}
        </h2>
        <InvitationsTable invitations={data.invitations} canRevoke={can.create} timeZone={timeZone} onRevoke={(invitation) => setOpen({ kind: 'revoke', invitation })} />
      </section>

      {open?.kind === 'invite' && <InviteDialog options={data.profiles} onDone={refresh} onClose={close} />}
      {open?.kind === 'profiles' && <ProfilesDialog member={open.member} options={data.profiles} onDone={refresh} onClose={close} />}
      {open?.kind === 'deactivate' && (
        <ConfirmDialog
          title={t('deactivateTitle', { name: open.member.name })}
          text={t('deactivateText')}
          confirmLabel={t('deactivate')}
          onConfirm={() => change(`users/${open.member.id}`, { method: 'PATCH', json: { status: 0 } }, open.member.userId === viewerId)}
          cancelLabel={t('cancel')}
          onClose={close}
        />
      )}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          title={t('removeTitle', { name: open.member.name })}
          text={t('removeText')}
          confirmLabel={t('remove')}
          onConfirm={() => change(`users/${open.member.id}`, { method: 'DELETE' }, open.member.userId === viewerId)}
          cancelLabel={t('cancel')}
          onClose={close}
        />
      )}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('revokeTitle')}
          text={t('revokeText', { email: open.invitation.email })}
          confirmLabel={t('revoke')}
          onConfirm={() => change(`users/invitations/${open.invitation.id}`, { method: 'DELETE' }, false)}
          cancelLabel={t('cancel')}
          onClose={close}
        />
      )}
    </div>
  );
}
