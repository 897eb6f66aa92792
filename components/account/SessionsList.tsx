'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authKeys, sessionsQuery, type Device } from '@/lib/auth/queries';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { alerts } from '@/lib/shell/alerts';
import { formatDateTime } from '@/lib/format';
import { summarizeUserAgent } from './devices';

/** The user's signed-in devices; any but this one can be signed out after a confirmation. */
export function SessionsList({ timeZone }: { timeZone: string }) {
  const t = useText('account');
  const te = useText('errors');
  const locale = useLocale();
  const client = useQueryClient();
  const query = useQuery(sessionsQuery());
  useErrorAlert(query.error);
  const devices = query.data;
  const failed = query.isError;
  const revoke = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('auth/sessions/revoke', { json: { id } }),
    onSuccess: ({ message }, id) => {
      alerts.push({ type: 'success', title: message });
      client.setQueryData<Device[]>(authKeys.sessions(), (list) => list?.filter((d) => d.id !== id));
    },
    onError: (error) => showError(error, te),
  });

  const when = (iso: string) => formatDateTime(iso, locale, timeZone);

  if (!devices)
    return (
      <p className="text-sm text-muted" role="status">
        {failed ? t('devicesFailed') : t('devicesLoading')}
      </p>
    );
  return (
    <ul className="divide-y divide-line rounded-card border border-line" data-testid="devices">
      {devices.map((d) => {
        const { browser, os } = summarizeUserAgent(d.userAgent);
        const summary = browser && os ? t('deviceOn', { browser, os }) : (browser ?? os ?? t('deviceUnknown'));
        return (
          <li key={d.id} className="flex flex-wrap items-start gap-3 p-4" data-testid="device">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                <span title={d.userAgent ?? undefined}>{summary}</span>
                {d.current && (
                  <span className="ml-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs font-medium text-white" data-testid="this-device">
                    {t('thisDevice')}
                  </span>
                )}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted">
                <dt>{t('deviceIp')}</dt>
                <dd>{d.ip ?? '—'}</dd>
                <dt>{t('deviceCreated')}</dt>
                <dd>
                  <time dateTime={d.createdAt}>{when(d.createdAt)}</time>
                </dd>
                <dt>{t('deviceLastUsed')}</dt>
                <dd>
                  <time dateTime={d.lastUsedAt}>{when(d.lastUsedAt)}</time>
                </dd>
              </dl>
            </div>
            {!d.current && (
              <RevokeButton
                device={summary}
                onRevoke={() =>
                  revoke.mutateAsync(d.id).then(
                    () => undefined,
                    () => undefined,
                  )
                }
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** "Sign out", then an inline "Sign out this device? Yes / Cancel" with focus on the answer. */
function RevokeButton({ device, onRevoke }: { device: string; onRevoke: () => Promise<void> }) {
  const t = useText('account');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <button
        ref={opener}
        type="button"
        onClick={() => setAsking(true)}
        className="rounded-control border border-line px-3 py-1.5 text-sm hover:bg-surface-2"
        data-testid="device-signout"
      >
        {t('signOutDevice')}
      </button>
    );
  return (
    <div
      role="group"
      aria-label={t('signOutConfirm', { device })}
      className="flex flex-wrap items-center gap-2 text-sm"
      onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}
    >
      <span>{t('signOutConfirm', { device })}</span>
      <button
        ref={confirm}
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          await onRevoke();
          setBusy(false);
          setAsking(false);
        }}
        className="rounded-control bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800 disabled:opacity-60"
        data-testid="device-signout-confirm"
      >
        {t('signOutYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)} className="rounded-control border border-line px-3 py-1.5 hover:bg-surface-2">
        {t('cancel')}
      </button>
    </div>
  );
}
