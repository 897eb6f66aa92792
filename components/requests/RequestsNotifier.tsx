'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useLocale, useText } from '@/lib/i18n/client';
import { browserSocket } from '@/lib/realtime/client';
import { REQUEST_EVENTS, type OwnRequestEvent, type RequestChangedEvent, type RequestEntryEvent } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { notifications } from '@/lib/shell/notifications';

/**
 * In-app notifications for requests. Staff (`staff`: the active profile holds
 * REQUESTS__VIEW) hear of new requests and requesters' answers; everyone hears of the team's
 * replies to their own requests. Not while the person is looking at that very request (or
 * at the list, for new ones) in a visible tab. Mounted by the signed-in layout; renders nothing.
 */
export function RequestsNotifier({ viewerId, staff }: { viewerId: string; staff: boolean }) {
  const t = useText('requests');
  const locale = useLocale();
  const pathname = usePathname();
  const now = useRef({ pathname, t, locale });
  useEffect(() => {
    now.current = { pathname, t, locale };
  });

  useEffect(() => {
    const socket = browserSocket();
    const notify = (requestId: string, number: number, subtitle: string, own = false) => {
      const { pathname, t, locale } = now.current;
      const href = pathFor(own ? 'accountRequest' : 'request', locale, { id: requestId });
      const looking =
        document.visibilityState === 'visible' && (pathname === href || (subtitle === t('notificationNew') && pathname === pathFor('requests', locale)));
      if (looking) return;
      notifications.add({ icon: 'chat', type: 'REQUEST', title: t('notificationTitle', { number }), subtitle, time: new Date().toISOString(), href });
    };
    const offs = [
      socket.on(REQUEST_EVENTS.own, (d) => {
        const e = d as OwnRequestEvent;
        if (e.entry && !e.entry.fromRequester) notify(e.requestId, e.number, now.current.t('notificationTeamReply'), true);
      }),
    ];
    if (staff)
      offs.push(
        socket.on(REQUEST_EVENTS.changed, (d) => {
          const e = d as RequestChangedEvent;
          if (e.created && e.by !== viewerId) notify(e.requestId, e.number, now.current.t('notificationNew'));
        }),
        socket.on(REQUEST_EVENTS.entry, (d) => {
          const e = d as RequestEntryEvent;
          // The first entry came with the new request, already announced; a later one from the requester is news.
          if (!e.first && e.entry.fromRequester && e.entry.author?.id !== viewerId && e.entry.kind === 'reply') {
            const { t } = now.current;
            notify(e.requestId, e.number, t('notificationReply'));
          }
        }),
      );
    return () => offs.forEach((off) => off());
  }, [viewerId, staff]);

  return null;
}
