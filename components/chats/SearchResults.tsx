'use client';

import type { ConversationView } from '@/lib/chats/types';
import { useLocale, useText } from '@/lib/i18n/client';
import { plainClick } from './ConversationItem';
import { formatDateTime } from '@/lib/format';
import type { SearchResult, SearchState } from './use-search';

/** Matching messages with their conversation; choosing one opens the conversation at it. */
export function SearchResults({
  search,
  timeZone,
  hrefOf,
  onPick,
}: {
  search: SearchState;
  timeZone: string;
  hrefOf: (c: ConversationView) => string;
  onPick: (result: SearchResult) => void;
}) {
  const t = useText('chats');
  const locale = useLocale();
  let status = '';
  if (search.status === 'searching') status = t('searching');
  else if (search.status === 'failed') status = t('searchFailed');
  else if (search.status === 'done') status = search.results.length ? t('searchCount', { count: search.results.length }) : t('searchNone');
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-search-results">
      <p className="px-3 py-2 text-xs text-muted" role="status">
        {status}
      </p>
      <ul className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {search.results.map((r) => (
          <li key={r.message.id}>
            <a
              href={hrefOf(r.conversation)}
              onClick={(e) => {
                if (!plainClick(e)) return;
                e.preventDefault();
                onPick(r);
              }}
              className="block rounded-control px-3 py-2 hover:bg-surface-2"
              data-testid="chat-search-result"
            >
              <span className="flex items-baseline gap-2 text-xs">
                <span className="min-w-0 flex-1 truncate font-semibold">{r.conversation.title}</span>
                <time dateTime={r.message.createdAt} className="shrink-0 text-muted">
                  {formatDateTime(r.message.createdAt, locale, timeZone)}
                </time>
              </span>
              <span className="mt-0.5 line-clamp-2 text-sm">
                <span className="text-muted">{r.message.author?.name ?? t('formerMember')}: </span>
                {r.message.body}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
