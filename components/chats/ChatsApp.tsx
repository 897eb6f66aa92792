'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { lastOpenAtom, lastOpenKey, rememberLastOpenAtom } from '@/lib/chats/last-open';
import { chatKeys, type ConversationDetail } from '@/lib/chats/queries';
import { DEFAULT_SUPPORT_FILTERS, firstTab, type ChatTab, type ConversationView, type SupportFilters } from '@/lib/chats/types';
import { useText } from '@/lib/i18n/client';
import { tabOfKind } from './conversations';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import { useChatEvents } from './use-chat-events';
import { useConversations, type InitialList } from './use-conversations';
import type { SearchResult } from './use-search';
import type { ThreadTarget } from './use-thread';
import { setShallowUrl } from '@/lib/shell/shallow-url';

// Dialogs are chunks of their own, fetched when first opened: most visits never open them (First Load JS budget).
const NewChannelDialog = dynamic(() => import('./NewConversationDialog').then((m) => m.NewChannelDialog), { ssr: false });
const NewDirectDialog = dynamic(() => import('./NewConversationDialog').then((m) => m.NewDirectDialog), { ssr: false });

export type ChatsCan = { team: boolean; support: boolean };
type Props = { can: ChatsCan; viewer: { id: string; name: string }; timeZone: string; projectId: string; initial?: InitialList };

/**
 * The staff chats page: the conversation list and the open conversation side by side, one
 * at a time under 960 px. `?c=<id>` is the open conversation (links from notifications
 * land there); choosing one updates it without reloading the page.
 */
export function ChatsApp({ can, viewer, timeZone, projectId, initial }: Props) {
  const t = useText('chats');
  const pathname = usePathname();
  const router = useRouter();
  const params = useSearchParams();
  const openId = params.get('c');
  const tabs: ChatTab[] = [...(can.team ? (['team'] as const) : []), ...(can.support ? (['support'] as const) : [])];
  const [tab, setTab] = useState<ChatTab>(() => firstTab(can, params.get('tab')));
  const [filters, setFilters] = useState<SupportFilters>(DEFAULT_SUPPORT_FILTERS);
  const [target, setTarget] = useState<(ThreadTarget & { conversationId: string }) | null>(null);
  const [dialog, setDialog] = useState<'channel' | 'direct' | null>(null);
  // Focus follows a conversation the viewer chose, not one the page opened with.
  const [chosen, setChosen] = useState(false);
  const { list, failed, reload } = useConversations(tab, filters, initial);
  const client = useQueryClient();
  useChatEvents();
  // The conversation this viewer last read in this project (see the effect below).
  const memoryKey = lastOpenKey(projectId, viewer.id);
  const lastOpen = useAtomValue(lastOpenAtom)[memoryKey] ?? null;
  const remember = useSetAtom(rememberLastOpenAtom);

  const hrefOf = useCallback((id: string | null) => (id ? `${pathname}?c=${encodeURIComponent(id)}` : pathname), [pathname]);
  const go = (id: string | null, push = true) => {
    setShallowUrl(hrefOf(id), push ? 'push' : 'replace');
  };

  const open = (id: string, at: ThreadTarget | null = null) => {
    setTarget(at && { ...at, conversationId: id });
    setChosen(true);
    if (id !== openId) go(id);
  };
  const onSearchPick = (r: SearchResult) => open(r.conversation.id, { messageId: r.message.id, seq: r.message.seq });
  const onCreated = (c: ConversationView) => open(c.id);
  const onLoaded = useCallback(
    (detail: ConversationDetail) => {
      remember({ key: memoryKey, id: detail.conversation.id });
      // A link to a conversation of the other tab shows that tab's list beside it.
      const wanted = tabOfKind(detail.conversation.kind);
      if (wanted === 'team' ? can.team : can.support) setTab(wanted);
    },
    [can.team, can.support, remember, memoryKey],
  );
  const back = () => go(null);

  // Entering without `?c=` reopens the conversation last read here (where list and thread sit
  // side by side: on a phone the list is the way in). Once per visit, so going back to the list stays there.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    // Through the router: on the first render its History API hooks are not installed yet,
    // so a bare replaceState would change the address without the page seeing `?c=`.
    if (!openId && lastOpen && window.matchMedia('(min-width: 960px)').matches) router.replace(hrefOf(lastOpen), { scroll: false });
    // Only the first render's values matter: later changes are the viewer's own choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back in the list (button or browser), focus returns to the conversation just left.
  const left = useRef<string | null>(null);
  useEffect(() => {
    if (!openId && left.current) document.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(left.current)}"]`)?.focus();
    left.current = openId;
  }, [openId]);

  return (
    <div
      className="flex h-[calc(100dvh-5.5rem)] min-h-96 overflow-hidden rounded-card border border-line bg-surface sm:h-[calc(100dvh-6.5rem)]"
      data-testid="chats"
    >
      <aside
        aria-label={t('conversations')}
        className={`w-full min-w-0 flex-col border-line md:flex md:w-80 md:shrink-0 md:border-r ${openId ? 'hidden' : 'flex'}`}
      >
        <ConversationList
          tabs={tabs}
          tab={tab}
          onTab={setTab}
          filters={filters}
          onFilters={setFilters}
          list={list}
          failed={failed}
          onRetry={reload}
          openId={openId}
          timeZone={timeZone}
          hrefOf={hrefOf}
          onOpen={(id) => open(id)}
          onSearchPick={onSearchPick}
          onNew={setDialog}
        />
      </aside>
      <section aria-label={t('conversation')} className={`min-w-0 flex-1 flex-col md:flex ${openId ? 'flex' : 'hidden'}`}>
        {openId ? (
          <ConversationPane
            key={openId}
            conversationId={openId}
            viewerId={viewer.id}
            timeZone={timeZone}
            canSupport={can.support}
            target={target?.conversationId === openId ? target : null}
            focus={chosen}
            onLoaded={onLoaded}
            onLeaveTarget={() => setTarget(null)}
            onBack={back}
            onGone={() => {
              // Gone or no longer ours: not worth reopening next time.
              if (lastOpen === openId) remember({ key: memoryKey, id: null });
              void client.invalidateQueries({ queryKey: chatKeys.lists() });
              go(null, false);
            }}
          />
        ) : (
          <div className="grid flex-1 place-items-center p-6 text-center text-sm text-muted" data-testid="chat-none">
            <div>
              <p className="font-medium text-ink">{t('noneOpenTitle')}</p>
              <p className="mt-1">{t('noneOpenText')}</p>
            </div>
          </div>
        )}
      </section>
      {dialog === 'channel' && <NewChannelDialog viewerId={viewer.id} onCreated={onCreated} onClose={() => setDialog(null)} />}
      {dialog === 'direct' && <NewDirectDialog viewerId={viewer.id} onCreated={onCreated} onClose={() => setDialog(null)} />}
    </div>
  );
}
