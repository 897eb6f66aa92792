'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { formatDateTime } from '@/lib/format';
import { summarizeUserAgent } from './devices';

type Device = { id: string; createdAt: string; lastUsedAt: string; userAgent: string | null; ip: string | null; current: boolean };

/** The user's signed-in devices; any but this one can be signed out after a confirmation. */
export function SessionsList({ timeZone, version = 0 }: { timeZone: string; version?: number }) {
  const t = useText('account');
  const te = useText('errors');
  const locale = useLocale();
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api<{ sessions: Device[] }>('auth/sessions', { method: 'GET', signal })
        .then((res) => {
          setDevices(res.sessions);
          setFailed(false);
        })
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          setFailed(true);
          showError(error, te);
        }),
    [],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, version]);

  const when = (iso: string) => formatDateTime(iso, locale, timeZone);

  if (!devices)
    return (
      <p className="text-muted text-sm" role="status">
        {failed ? t('devicesFailed') : t('devicesLoading')}
      </p>
    );
  return (
    <ul className="divide-line border-line divide-y rounded-lg border" data-testid="devices">
      {devices.map((d) => {
        const { browser, os } = summarizeUserAgent(d.userAgent);
        const summary = browser && os ? t('deviceOn', { browser, os }) : (browser ?? os ?? t('deviceUnknown'));
        return (
          <li key={d.id} className="flex flex-wrap items-start gap-3 p-4" data-testid="device">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                <span title={d.userAgent ?? undefined}>{summary}</span>
                {d.current && (
                  <span className="bg-primary ml-2 rounded-full px-2 py-0.5 align-middle text-xs font-medium text-white" data-testid="this-device">
                    {t('thisDevice')}
                  </span>
                )}
              </p>
              <dl className="text-muted mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
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
            {!d.current && <RevokeButton device={summary} onRevoke={() => revoke(d.id)} />}
          </li>
        );
      })}
    </ul>
  );

  async function revoke(id: string) {
    try {
      const { message } = await api<{ message: string }>('auth/sessions/revoke', { json: { id } });
      alerts.push({ type: 'success', title: message });
      setDevices((list) => list?.filter((d) => d.id !== id) ?? null);
    } catch (error) {
      showError(error, te);
    }
  }
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
      <button ref={opener} type="button" onClick={() => setAsking(true)} className="border-line hover:bg-surface-2 rounded-md border px-3 py-1.5 text-sm" data-testid="device-signout">
        {t('signOutDevice')}
      </button>
    );
  return (
    <div role="group" aria-label={t('signOutConfirm', { device })} className="flex flex-wrap items-center gap-2 text-sm" onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}>
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
        className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800 disabled:opacity-60"
        data-testid="device-signout-confirm"
      >
        {t('signOutYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)} className="border-line hover:bg-surface-2 rounded-md border px-3 py-1.5">
        {t('cancel')}
      </button>
    </div>
  );
}
