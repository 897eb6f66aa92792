'use client';

import { useQuery } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import dynamic from 'next/dynamic';
import { useState, useSyncExternalStore } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { Pager } from '@/components/ui/Pager';
import { useDebounced } from '@/components/ui/use-debounced';
import { SearchInput } from '@/components/ui/SearchInput';
import { showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { PendingInvitation } from '@/lib/users/invitations';
import type { MemberView } from '@/lib/users/members';
import type { UsersOverview } from '@/lib/users/overview';
import { usersQuery } from '@/lib/users/queries';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { InvitationsTable } from './InvitationsTable';
import { MembersTable, type Can, type MemberAction } from './MembersTable';
import { useLeaveProject, useMemberChange, useUsersWrite } from './use-member-writes';

// Dialogs are chunks of their own, fetched when first opened: most visits never open them (First Load JS budget).
const InviteDialog = dynamic(() => import('./InviteDialog').then((m) => m.InviteDialog), { ssr: false });
const ProfilesDialog = dynamic(() => import('./ProfilesDialog').then((m) => m.ProfilesDialog), { ssr: false });

type Open = { kind: 'invite' } | { kind: Exclude<MemberAction, 'reactivate'>; member: MemberView } | { kind: 'revoke'; invitation: PendingInvitation };

// Typing into the search asks the server once it pauses.
const SEARCH_DELAY_MS = 300;
const MINUTE = 60_000;
const thisMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;
const ticking = (onTick: () => void) => {
  const timer = setInterval(onTick, MINUTE / 4);
  return () => clearInterval(timer);
};

/** The clock for "last seen", to the minute: the server's reading at first, so hydration matches, then the browser's. */
function useNow(renderedAt: number): number {
  return useSyncExternalStore(ticking, thisMinute, () => renderedAt);
}

/** The members page: search, members, pending invitations and the dialogs that change them. The server's render seeds the cache. */
export function UsersPanel({
  initial,
  can,
  viewerId,
  timeZone,
  renderedAt,
}: {
  initial: UsersOverview;
  can: Can;
  viewerId: string;
  timeZone: string;
  renderedAt: number;
}) {
  const t = useText('users');
  const te = useText('errors');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const list = useQuery({ ...usersQuery({ q, page }), initialData: q === '' && page === 1 ? initial : undefined });
  useErrorAlert(list.error);
  const data = list.data ?? initial;
  const memberChange = useMemberChange();
  const write = useUsersWrite();
  const leave = useLeaveProject();
  const [open, setOpen] = useState<Open | null>(null);
  const now = useNow(renderedAt);
  const close = () => setOpen(null);

  /** Runs a write; true when it went through (the dialog then closes). */
  const run = (path: string, method: string, self = false) =>
    write.mutateAsync({ path, method, self }).then(
      () => true,
      (error: unknown) => {
        showError(error, te);
        return false;
      },
    );

  /** Shown at once; the dialog closes without waiting. Deactivating oneself leaves the page once done. */
  function setStatus(member: MemberView, status: number, success?: string) {
    const self = member.userId === viewerId;
    memberChange.mutate({ id: member.id, change: { status }, success }, { onSuccess: () => self && leave() });
    return Promise.resolve(true);
  }

  function act(kind: MemberAction, member: MemberView) {
    // Reactivating takes nothing away, so it runs at once instead of asking first.
    if (kind === 'reactivate') void setStatus(member, 1, t('reactivated'));
    else setOpen({ kind, member });
  }

  const search = (value: string) => {
    setText(value);
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <SearchInput label={t('search')} value={text} onChange={search} className="w-full max-w-sm py-2" testId="members-search" />
        </div>
        {can.create && (
          <button type="button" className={primaryButton} onClick={() => setOpen({ kind: 'invite' })} data-testid="invite-open">
            {t('invite')}
          </button>
        )}
      </div>

      <section aria-labelledby="members-title" className="flex flex-col gap-3">
        <h2 id="members-title" className="text-lg font-semibold">
          {t('members', { count: data.total })}
        </h2>
        {data.members.length === 0 ? (
          <p className="text-sm text-muted" role="status">
            {t('noMatch', { query: q })}
          </p>
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={list.isPlaceholderData}>
            <MembersTable members={data.members} options={data.profiles} can={can} viewerId={viewerId} now={now} timeZone={timeZone} onAction={act} />
          </div>
        )}
        <Pager page={data.page} size={data.size} total={data.total} busy={list.isPlaceholderData} onPage={setPage} testId="members" />
      </section>

      <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
        <h2 id="invitations-title" className="text-lg font-semibold">
          {t('invitations', { count: data.invitations.length })}
        </h2>
        {data.invitations.length === 0 ? (
          <EmptyState compact icon={MailPlus} text={t('noInvitations')} testId="invitations-empty" />
        ) : (
          <InvitationsTable
            invitations={data.invitations}
            canRevoke={can.create}
            timeZone={timeZone}
            onRevoke={(invitation) => setOpen({ kind: 'revoke', invitation })}
          />
        )}
      </section>

      {open?.kind === 'invite' && <InviteDialog options={data.profiles} onClose={close} />}
      {open?.kind === 'profiles' && <ProfilesDialog member={open.member} options={data.profiles} onChange={memberChange.mutate} onClose={close} />}
      {open?.kind === 'deactivate' && (
        <ConfirmDialog
          title={t('deactivateTitle', { name: open.member.name })}
          text={t('deactivateText')}
          confirmLabel={t('deactivate')}
          onConfirm={() => setStatus(open.member, 0)}
          cancelLabel={t('cancel')}
          onClose={close}
        />
      )}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          title={t('removeTitle', { name: open.member.name })}
          text={t('removeText')}
          confirmLabel={t('remove')}
          onConfirm={() => run(`users/${open.member.id}`, 'DELETE', open.member.userId === viewerId)}
          cancelLabel={t('cancel')}
          onClose={close}
        />
      )}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('revokeTitle')}
          text={t('revokeText', { email: open.invitation.email })}
          confirmLabel={t('revoke')}
          onConfirm={() => run(`users/invitations/${open.invitation.id}`, 'DELETE')}
          cancelLabel={t('cancel')}
          onClose={close}
        />
      )}
    </div>
  );
}
