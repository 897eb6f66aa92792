'use client';

import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Notice } from '@/components/ui/Notice';
import { api, ApiError, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import type { InvitationSummary } from '@/lib/users/invitations';

const LINK = 'inline-flex items-center justify-center rounded-control px-4 py-2 font-medium';

/**
 * The emailed link's page. Signed out: sign in or register, then come back here. Signed
 * in with the invited address: one button joins. Signed in as someone else: says so.
 */
export function InvitationCard({
  token,
  invitation,
  viewer,
  validUntil,
}: {
  token: string | null;
  invitation: InvitationSummary | null;
  viewer: { name: string; email: string } | null;
  validUntil: string | null;
}) {
  const t = useText('users');
  const te = useText('errors');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const home = viewer ? '/dashboard' : '/';
  const onward = (
    <Link href={home} className="font-medium text-accent hover:underline">
      {viewer ? t('invitation.toDashboard') : t('invitation.toHome')}
    </Link>
  );

  if (!token) return <Notice tone="error" title={t('invitation.missingTitle')} text={t('invitation.missing')} />;
  if (!invitation)
    return (
      <Notice tone="error" title={t('invitation.invalidTitle')} text={t('invitation.invalid')}>
        {onward}
      </Notice>
    );
  const project = invitation.projectName;
  if (invitation.state !== 'valid')
    return (
      <Notice tone="error" title={t(`invitation.${invitation.state}Title`)} text={t(`invitation.${invitation.state}`, { project })}>
        {onward}
      </Notice>
    );
  if (failure)
    return (
      <Notice tone="error" title={t('invitation.title')} text={failure}>
        {onward}
      </Notice>
    );

  const here = `${pathFor('invitation', locale)}?token=${encodeURIComponent(token)}`;
  // The address goes along, so the form opened from here is already filled in with it.
  const back = `?redir=${encodeURIComponent(here)}&email=${encodeURIComponent(invitation.email)}`;
  const mine = viewer?.email.toLowerCase() === invitation.email.toLowerCase();

  async function join() {
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>('users/invitations/accept', { json: { token } });
      alerts.push({ type: 'success', title: message });
      // Rendered on the server with the session's new project: no page above it reads the session, so nothing else needs a refresh.
      router.replace('/dashboard');
    } catch (error) {
      setBusy(false);
      // A used, withdrawn or expired invitation cannot be retried: say so in place.
      if (error instanceof ApiError && error.status !== 401 && error.message) setFailure(error.message);
      else showError(error, te);
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="invitation-card">
      <p>
        {invitation.inviterName
          ? t('invitation.byInviter', { inviter: invitation.inviterName, email: invitation.email, project })
          : t('invitation.noInviter', { email: invitation.email, project })}
      </p>
      {validUntil && <p className="text-sm text-muted">{t('invitation.validUntil', { date: validUntil })}</p>}
      {!viewer ? (
        <>
          <p className="text-sm">{t('invitation.signInLead', { email: invitation.email })}</p>
          <div className="flex flex-wrap gap-2">
            <Link href={pathFor('login', locale) + back} className={`${LINK} bg-primary text-white hover:bg-primary-shade`} data-testid="invitation-login">
              {t('invitation.signIn')}
            </Link>
            <Link href={pathFor('register', locale) + back} className={`${LINK} border border-line hover:bg-surface-2`} data-testid="invitation-register">
              {t('invitation.register')}
            </Link>
          </div>
        </>
      ) : mine ? (
        <button
          type="button"
          onClick={join}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${LINK} w-full bg-primary text-white hover:bg-primary-shade disabled:opacity-60`}
          data-testid="invitation-join"
        >
          {busy ? t('invitation.joining') : t('invitation.join', { project })}
        </button>
      ) : (
        <Notice tone="info" title={t('invitation.otherUser', { current: viewer.email, email: invitation.email })}>
          <Link href="/logout" prefetch={false} className="font-medium text-accent hover:underline" data-testid="invitation-logout">
            {t('invitation.signOut')}
          </Link>
        </Notice>
      )}
    </div>
  );
}
