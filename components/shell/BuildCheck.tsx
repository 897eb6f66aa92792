'use client';

import { useText } from '@/lib/i18n/client';
import { useEffect, useState } from 'react';
import { BUILD_CHECK_INTERVAL_MS, RELOAD_KEY, isNewBuild, reloadAllowed } from '@/lib/shell/build-check';

/** Compares the server's build with this page's every hour and offers a reload. */
export function BuildCheck({ intervalMs = BUILD_CHECK_INTERVAL_MS }: { intervalMs?: number }) {
  const t = useText('shell');
  const [stale, setStale] = useState(false);

  useEffect(() => {
    const check = async () => {
      try {
        const res = await fetch('/api/health', { cache: 'no-store' });
        const body = (await res.json()) as { buildId?: unknown };
        if (isNewBuild(body.buildId, process.env.NEXT_PUBLIC_BUILD_ID)) setStale(true);
      } catch {
        // Offline or restarting: try again at the next interval.
      }
    };
    const timer = setInterval(check, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);

  if (!stale) return null;
  const reload = () => {
    const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
    if (!reloadAllowed(last, Date.now())) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    location.reload();
  };
  return (
    <div
      role="status"
      className="fixed bottom-3 left-3 z-[2600] flex max-w-sm items-center gap-3 rounded-control border border-line bg-surface p-3 text-sm shadow-overlay"
    >
      <div className="flex-1">
        <p className="font-semibold">{t('newBuildTitle')}</p>
        <p className="text-muted">{t('newBuildText')}</p>
      </div>
      <button type="button" onClick={reload} className="rounded bg-primary px-3 py-1.5 font-medium text-white">
        {t('reload')}
      </button>
    </div>
  );
}
