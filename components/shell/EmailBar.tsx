'use client';

import { useAtomValue } from 'jotai';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { formatSeconds } from '@/lib/format';
import { createCountdown } from '@/lib/forms/countdown';
import { api, ApiError, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';

type Resent = { message: string; data?: { secondsLeft?: number } };

/**
 * SPEC.md section 4: while the email is unconfirmed a bar floats at the bottom of the
 * content with a resend button; after a send (or a too-early error) the button waits,
 * counting the seconds down. `secondsLeft` is the server's wait when the page was made
 * (right after registering, the first email is a moment old): the count starts with it.
 */
export function EmailBar({ email, secondsLeft = 0 }: { email: string; secondsLeft?: number }) {
  const t = useText('emailBar');
  const te = useText('errors');
  // The server's figure shows from the first render; the count starts once mounted.
  const [countdown] = useState(() => createCountdown(secondsLeft));
  const seconds = useAtomValue(countdown.store.atom);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    countdown.start(countdown.store.get());
    return () => countdown.stop();
  }, [countdown]);
  const router = useRouter();
  // The link is usually opened in another tab: coming back here re-reads the session, and
  // the bar goes away once the server sees the address confirmed.
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && router.refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [router]);

  async function resend() {
    setSending(true);
    try {
      const res = await api<Resent>('auth/resendEmailConfirmation');
      alerts.push({ type: 'success', title: res.message });
      countdown.start(res.data?.secondsLeft ?? 0);
    } catch (error) {
      showError(error, te);
      const left = error instanceof ApiError ? error.data.secondsLeft : undefined;
      if (typeof left === 'number') countdown.start(left);
    } finally {
      setSending(false);
    }
  }

  const waiting = seconds > 0;
  return (
    <div
      role="region"
      aria-label={t('label')}
      className="sticky bottom-0 z-30 border-t border-amber-500/50 bg-amber-100 px-4 py-3 text-amber-950 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] dark:bg-amber-950 dark:text-amber-100"
      data-testid="email-bar"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1 text-sm">{t('text', { email })}</p>
        <button
          type="button"
          onClick={resend}
          disabled={sending || waiting}
          aria-busy={sending || undefined}
          className="rounded-control bg-amber-800 px-3 py-1.5 text-sm font-medium text-white tabular-nums hover:bg-amber-900 disabled:cursor-not-allowed disabled:opacity-70"
          data-testid="email-bar-resend"
        >
          {waiting ? t('resendIn', { time: formatSeconds(seconds) }) : t('resend')}
        </button>
      </div>
    </div>
  );
}
