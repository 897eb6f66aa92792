'use client';

import { useEffect } from 'react';
import { useText } from '@/lib/i18n/client';
import { browserSocket } from '@/lib/realtime/client';
import { alerts } from '@/lib/shell/alerts';
import { ChatNotifier, type ChatNotifierProps } from './ChatNotifier';
import { TabTitle } from './TabTitle';

export type RealtimeRootProps = ChatNotifierProps & {
  /** The session's active profile: the socket's grant is fixed when it connects. */
  profileId: string | null;
};

/**
 * The signed-in pages' socket (SPEC.md section 4: opened at start when tokens exist):
 * started here, stopped when the signed-in layout goes (logout), and reopened when the
 * person switches project or profile so the server sees the new grant.
 */
export function RealtimeRoot({ profileId, ...notifier }: RealtimeRootProps) {
  const t = useText('realtime');
  useEffect(() => {
    // The page's one socket reports its problems here, whoever else uses it.
    browserSocket((problem) => alerts.push({ type: 'error', text: t(`problems.${problem}`) }));
  });

  const pair = `${notifier.activeProjectId ?? ''}:${profileId ?? ''}`;
  useEffect(() => {
    const socket = browserSocket();
    // Started a tick later: React's development double mount (mount, unmount, mount) then
    // opens one socket, not two racing for tickets.
    const timer = setTimeout(() => socket.start(), 0);
    return () => {
      clearTimeout(timer);
      socket.stop();
    };
  }, [pair]);

  return (
    <>
      <ChatNotifier {...notifier} />
      <TabTitle />
    </>
  );
}
