'use client';

import { useAtomValue } from 'jotai';
import { useText } from '@/lib/i18n/client';
import { overlay } from '@/lib/shell/overlay';

/** Blocks the page while `withOverlay` work runs. */
export function LoadingOverlay() {
  const busy = useAtomValue(overlay.atom) > 0;
  const t = useText('shell');
  if (!busy) return null;
  return (
    <div role="progressbar" aria-label={t('loading')} aria-busy="true" className="fixed inset-0 z-[2800] grid place-items-center bg-black/40">
      <div className="size-10 animate-spin rounded-full border-4 border-white/40 border-t-white" />
    </div>
  );
}
