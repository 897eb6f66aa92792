'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useLocale, useText } from '@/lib/i18n/client';
import { browserSocket } from '@/lib/realtime/client';
import { REQUEST_EVENTS, type RequestChangedEvent, type RequestEntryEvent } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { notifications } from '@/lib/shell/notifications';

/**
 * Staff's in-app notifications for requests: a new request, or the requester answering.
 * Not while the person is looking at that very request (or at the list, for new ones) in a
 * visible tab. Mounted by the signed-in layout for profiles holding REQUESTS__VIEW; renders nothing.
 */
export function RequestsNotifier({ viewerId }: { viewerId: string }) {
  const t = useText('requests');
  const locale = useLocale();
  const pathname = usePathname();
  const now = useRef({ pathname, t, locale });
  useEffect(() => {
    now.current = { pathname, t, locale };
  });

  useEffect(() => {
    const socket = browserSocket();
    const notify = (requestId: string, number: number, subtitle: string) => {
      const { pathname, t, locale } = now.current;
      const href = pathFor('request', locale, { id: requestId });
      const looking =
        document.visibilityState === 'visible' && (pathname === href || (subtitle === t('notificationNew') && pathname === pathFor('requests', locale)));
      if (looking) return;
      notifications.add({ icon: 'chat', type: 'REQUEST', title: t('notificationTitle', { number }), subtitle, time: new Date().toISOString(), href });
    };
    const offs = [
      socket.on(REQUEST_EVENTS.changed, (d) => {
        const e = d as RequestChangedEvent;
        if (e.created && e.by !== viewerId) notify(e.requestId, e.number, now.current.t('notificationNew'));
      }),
      socket.on(REQUEST_EVENTS.entry, (d) => {
        const e = d as RequestEntryEvent;
        // The first entry comes with the new request; a later one from the requester is news.
        if (e.entry.fromRequester && e.entry.author?.id !== viewerId && e.entry.kind === 'reply') {
          const { t } = now.current;
          notify(e.requestId, e.number, t('notificationReply'));
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [viewerId]);

  return null;
}
