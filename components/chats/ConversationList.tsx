'use client';

import { useAtomValue } from 'jotai';
import { useId, useState, type KeyboardEvent } from 'react';
import { Headset, MessagesSquare } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { ListSkeleton } from '@/components/ui/Skeleton';
import { unreadStore } from '@/lib/chats/unread-store';
import type { ConversationView } from '@/lib/chats/types';
import { useText } from '@/lib/i18n/client';
import { ConversationItem } from './ConversationItem';
import type { ChatTab, SupportFilters } from '@/lib/chats/queries';
import { SearchResults } from './SearchResults';
import { useSearch, type SearchResult } from './use-search';
import { Select } from '@/components/ui/Select';

type Props = {
  tabs: ChatTab[];
  tab: ChatTab;
  onTab: (tab: ChatTab) => void;
  filters: SupportFilters;
  onFilters: (filters: SupportFilters) => void;
  list: ConversationView[] | null;
  failed: boolean;
  onRetry: () => void;
  openId: string | null;
  timeZone: string;
  hrefOf: (id: string) => string;
  onOpen: (id: string) => void;
  onSearchPick: (result: SearchResult) => void;
  onNew: (kind: 'channel' | 'direct') => void;
};

/** Arrow keys, Home and End move between the list's conversations (Tab still leaves the list). */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-conversation]')];
  if (items.length === 0) return;
  e.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : Math.min(items.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
  items[next].focus();
}

/** The list pane: tabs, search, new conversation, support filters and the conversations. */
export function ConversationList(props: Props) {
  const { tabs, tab, onTab, filters, onFilters, list, failed, onRetry, openId, timeZone, hrefOf, onOpen, onSearchPick, onNew } = props;
  const t = useText('chats');
  const unread = useAtomValue(unreadStore.atom);
  const [query, setQuery] = useState('');
  // Today's times show as clock times, earlier days as dates: the day the list opened on is enough.
  const [now] = useState(() => Date.now());
  const search = useSearch(query);
  const searching = search.status !== 'idle';
  const id = useId();

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-col gap-2 p-3">
        {/* Only the tabs the profile holds; a single one still says what the list shows. */}
        {tabs.length > 0 && (
          <div
            role="tablist"
            aria-label={t('tabsLabel')}
            className={`grid gap-1 rounded-control bg-surface-2 p-1 ${tabs.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}
          >
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => onTab(name)}
                className={`rounded px-3 py-1 text-sm font-medium ${tab === name ? 'bg-surface shadow-card' : 'text-muted hover:text-ink'}`}
                data-testid={`chat-tab-${name}`}
              >
                {t(name === 'team' ? 'tabTeam' : 'tabSupport')}
              </button>
            ))}
          </div>
        )}
        <SearchInput label={t('search')} value={query} onChange={setQuery} className="w-full py-1.5" testId="chat-search" />
        {!searching && tab === 'team' && (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => onNew('channel')}
              className="flex-1 rounded-control border border-line px-2 py-1 text-sm font-medium hover:bg-surface-2"
              data-testid="chat-new-channel"
            >
              {t('newChannel')}
            </button>
            <button
              type="button"
              onClick={() => onNew('direct')}
              className="flex-1 rounded-control border border-line px-2 py-1 text-sm font-medium hover:bg-surface-2"
              data-testid="chat-new-direct"
            >
              {t('newDirect')}
            </button>
          </div>
        )}
        {!searching && tab === 'support' && (
          <div className="flex flex-wrap gap-2">
            <div className="flex items-center gap-1 text-xs">
              <span className="text-muted" id={`${id}-status`}>
                {t('filterStatus')}
              </span>
              <Select
                aria-labelledby={`${id}-status`}
                value={filters.status}
                onChange={(status) => onFilters({ ...filters, status: status as SupportFilters['status'] })}
                options={[
                  { value: 'open', label: t('statusOpen') },
                  { value: 'resolved', label: t('statusResolved') },
                  { value: 'all', label: t('statusAll') },
                ]}
                compact
                className="w-auto"
                testId="chat-filter-status"
              />
            </div>
            <div className="flex items-center gap-1 text-xs">
              <span className="text-muted" id={`${id}-assignee`}>
                {t('filterAssignee')}
              </span>
              <Select
                aria-labelledby={`${id}-assignee`}
                value={filters.assignee}
                onChange={(assignee) => onFilters({ ...filters, assignee: assignee as SupportFilters['assignee'] })}
                options={[
                  { value: 'me', label: t('assigneeMe') },
                  { value: 'none', label: t('assigneeNone') },
                  { value: 'any', label: t('assigneeAny') },
                ]}
                compact
                className="w-auto"
                testId="chat-filter-assignee"
              />
            </div>
          </div>
        )}
      </div>
      {searching ? (
        <SearchResults search={search} timeZone={timeZone} hrefOf={(c) => hrefOf(c.id)} onPick={onSearchPick} />
      ) : (
        <div role="tabpanel" aria-label={t(tab === 'team' ? 'tabTeam' : 'tabSupport')} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
          {list === null && !failed && (
            <div className="p-1">
              <ListSkeleton rows={6} />
            </div>
          )}
          {failed && (
            <div className="p-3 text-sm" role="alert">
              <p>{t('loadFailed')}</p>
              <button type="button" onClick={onRetry} className="mt-1 font-medium text-accent hover:underline">
                {t('retry')}
              </button>
            </div>
          )}
          {list?.length === 0 && (
            <div className="p-1">
              <EmptyState
                compact
                icon={tab === 'team' ? MessagesSquare : Headset}
                text={t(tab === 'team' ? 'emptyTeam' : 'emptySupport')}
                // No action here: the New channel / New direct message buttons sit right above.
                testId="chat-list-empty"
              />
            </div>
          )}
          {list && list.length > 0 && (
            <ul aria-label={t('conversations')} onKeyDown={moveFocus} className="flex flex-col gap-0.5">
              {list.map((c) => (
                <li key={c.id}>
                  <ConversationItem
                    conversation={c}
                    unread={unread[c.id] ?? 0}
                    open={c.id === openId}
                    href={hrefOf(c.id)}
                    timeZone={timeZone}
                    now={now}
                    onOpen={() => onOpen(c.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
