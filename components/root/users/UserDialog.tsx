'use client';

import { useEffect, useState } from 'react';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Dialog } from '@/components/ui/Dialog';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import type { RootUserDetail, RootUserItem } from '@/lib/root/users';
import { alerts } from '@/lib/shell/alerts';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { UserFacts, UserProjects } from './UserFacts';

type Busy = null | 'enable' | 'resend';

/**
 * A user's detail: their projects, live sessions and the root's actions on them. It loads
 * on opening; after a change it shows the answer and tells the list to read its page again.
 */
export function UserDialog({ user, viewerId, timeZone, onChanged, onClose }: { user: RootUserItem; viewerId: string; timeZone: string; onChanged: () => void; onClose: () => void }) {
  const t = useText('rootUsers');
  const te = useText('errors');
  const locale = useLocale();
  const [detail, setDetail] = useState<RootUserDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    api<{ data: RootUserDetail }>(`root/users/${user.id}`, { method: 'GET', signal: abort.signal }).then(
      ({ data }) => setDetail(data),
      (error) => {
        if (abort.signal.aborted) return;
        showError(error, te);
        setFailed(true);
      },
    );
    return () => abort.abort();
    // Not on `te`: a new function each render, reading the same texts.
  }, [user.id]);

  /** Runs an action; true when it went through. */
  async function act(path: string, json: unknown): Promise<boolean> {
    try {
      const res = await api<{ data: RootUserDetail | { email: string }; message: string }>(`root/users/${user.id}/${path}`, { json });
      alerts.push({ type: 'success', title: res.message });
      if ('user' in res.data) setDetail(res.data);
      onChanged();
      return true;
    } catch (error) {
      showError(error, te);
      return false;
    }
  }

  async function run(kind: Exclude<Busy, null>, path: string, json: unknown) {
    setBusy(kind);
    await act(path, json);
    setBusy(null);
  }

  const shown = detail?.user ?? user;
  const self = user.id === viewerId;
  return (
    <Dialog title={shown.name} lead={shown.email} onClose={onClose} busy={busy !== null} wide testId="root-user-dialog">
      <div className="flex max-h-[70vh] flex-col gap-5 overflow-y-auto px-5 py-4" aria-busy={!detail && !failed}>
        {!detail ? (
          <p className="text-muted text-sm" role={failed ? 'alert' : 'status'}>
            {failed ? t('loadFailed') : t('loading')}
          </p>
        ) : (
          <>
            <UserFacts detail={detail} locale={locale} timeZone={timeZone} />
            {!self && detail.user.state === 'unconfirmed' && <p className="text-muted text-sm">{t('resendHint')}</p>}
            <UserProjects projects={detail.projects} locale={locale} timeZone={timeZone} />
          </>
        )}
      </div>
      <div className="border-line flex flex-wrap items-center justify-end gap-2 border-t px-5 py-3">
        {detail && self && <p className="text-muted mr-auto text-xs">{t('selfNote')}</p>}
        {detail && !self && detail.user.state === 'unconfirmed' && (
          <button type="button" className={secondaryButton} disabled={busy !== null} aria-busy={busy === 'resend' || undefined} onClick={() => run('resend', 'resendConfirmation', {})} data-testid="root-user-resend">
            {busy === 'resend' ? t('resendBusy') : t('resend')}
          </button>
        )}
        {detail && !self && detail.user.state === 'disabled' && (
          <button type="button" className={primaryButton} disabled={busy !== null} aria-busy={busy === 'enable' || undefined} onClick={() => run('enable', 'status', { disabled: false })} data-testid="root-user-enable">
            {busy === 'enable' ? t('enableBusy') : t('enable')}
          </button>
        )}
        {detail && !self && detail.user.state !== 'disabled' && (
          <button type="button" className={dangerButton} disabled={busy !== null} onClick={() => setConfirming(true)} data-testid="root-user-disable">
            {t('disable')}
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={onClose} disabled={busy !== null}>
          {t('close')}
        </button>
      </div>
      {confirming && (
        // Says what it does: every session of theirs ends at once.
        <ConfirmDialog
          title={t('disableTitle', { name: shown.name })}
          text={t('disableText')}
          confirmLabel={t('disable')}
          busyLabel={t('disableBusy')}
          cancelLabel={t('cancel')}
          onConfirm={() => act('status', { disabled: true })}
          onClose={() => setConfirming(false)}
          testId="root-user-confirm-dialog"
          confirmTestId="root-user-confirm"
        />
      )}
    </Dialog>
  );
}
