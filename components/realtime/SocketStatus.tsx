'use client';

import { useText } from '@/lib/i18n/client';
import { atom, useAtomValue } from 'jotai';
import { browserSocket, type SocketStatus as Status } from '@/lib/realtime/client';

const DOT: Record<Status, string> = {
  undefined: 'bg-gray-400',
  busy: 'bg-amber-500 motion-safe:animate-pulse',
  connected: 'bg-emerald-500',
};

// The server renders no socket: it shows as off until the browser's one reports.
const offline = atom<Status>('undefined');

/** SPEC.md section 4's socket status as a small dot in the app bar. */
export function SocketStatus() {
  const t = useText('realtime');
  const status = useAtomValue(typeof window === 'undefined' ? offline : browserSocket().status.atom);
  const label = t('statusLabel', { status: t(`status.${status}`) });
  return (
    <span role="img" aria-label={label} title={label} data-testid="socket-status" data-status={status} className="grid size-9 place-items-center">
      <span className={`size-2.5 rounded-full ${DOT[status]}`} />
    </span>
  );
}
