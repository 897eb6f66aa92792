'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Dialog } from '@/components/ui/Dialog';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { rootKeys, userQuery } from '@/lib/root/queries';
import type { RootUserDetail, RootUserItem } from '@/lib/root/users';
import { alerts } from '@/lib/shell/alerts';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { UserFacts, UserProjects } from './UserFacts';

type Action = { kind: 'enable' | 'disable' | 'resend'; path: string; json: unknown };

/**
 * A user's detail: their projects, live sessions and the root's actions on them. A change
 * puts the answer in the cache and marks the users' pages stale, so the list follows.
 */
export function UserDialog({ user, viewerId, timeZone, onClose }: { user: RootUserItem; viewerId: string; timeZone: string; onClose: () => void }) {
  const t = useText('rootUsers');
  const te = useText('errors');
  const locale = useLocale();
  const client = useQueryClient();
  const query = useQuery(userQuery(user.id));
  useErrorAlert(query.error);
  const detail = query.data ?? null;
  const failed = query.isError && !detail;
  const [confirming, setConfirming] = useState(false);
  const action = useMutation({
    mutationFn: ({ path, json }: Action) => api<{ data: RootUserDetail | { email: string }; message: string }>(`root/users/${user.id}/${path}`, { json }),
    onSuccess: (res) => {
      alerts.push({ type: 'success', title: res.message });
      if ('user' in res.data) client.setQueryData(rootKeys.user(user.id), res.data);
      return client.invalidateQueries({ queryKey: rootKeys.users() });
    },
    onError: (error) => showError(error, te),
  });
  const busy = action.isPending ? action.variables.kind : null;
  const run = (kind: Action['kind'], path: string, json: unknown) => action.mutate({ kind, path, json });

  const shown = detail?.user ?? user;
  const self = user.id === viewerId;
  return (
    <Dialog title={shown.name} lead={shown.email} onClose={onClose} busy={busy !== null} wide testId="root-user-dialog">
      <div className="flex max-h-[70vh] flex-col gap-5 overflow-y-auto px-5 py-4" aria-busy={!detail && !failed}>
        {!detail ? (
          <p className="text-sm text-muted" role={failed ? 'alert' : 'status'}>
            {failed ? t('loadFailed') : t('loading')}
          </p>
        ) : (
          <>
            <UserFacts detail={detail} locale={locale} timeZone={timeZone} />
            {!self && detail.user.state === 'unconfirmed' && <p className="text-sm text-muted">{t('resendHint')}</p>}
            <UserProjects projects={detail.projects} locale={locale} timeZone={timeZone} />
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-5 py-3">
        {detail && self && <p className="mr-auto text-xs text-muted">{t('selfNote')}</p>}
        {detail && !self && detail.user.state === 'unconfirmed' && (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy !== null}
            aria-busy={busy === 'resend' || undefined}
            onClick={() => run('resend', 'resendConfirmation', {})}
            data-testid="root-user-resend"
          >
            {busy === 'resend' ? t('resendBusy') : t('resend')}
          </button>
        )}
        {detail && !self && detail.user.state === 'disabled' && (
          <button
            type="button"
            className={primaryButton}
            disabled={busy !== null}
            aria-busy={busy === 'enable' || undefined}
            onClick={() => run('enable', 'status', { disabled: false })}
            data-testid="root-user-enable"
          >
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
          onConfirm={() =>
            action.mutateAsync({ kind: 'disable', path: 'status', json: { disabled: true } }).then(
              () => true,
              () => false,
            )
          }
          onClose={() => setConfirming(false)}
          testId="root-user-confirm-dialog"
          confirmTestId="root-user-confirm"
        />
      )}
    </Dialog>
  );
}
