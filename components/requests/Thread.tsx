'use client';

import { formatDateTime, formatFileSize } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { ThreadEntry } from '@/lib/requests/types';

/** The system's entries carry numbers only ("merged:3"); they are told in the reader's language. */
function eventText(body: string, t: (key: string, values?: Record<string, string | number>) => string): string {
  const [kind, number] = body.split(':');
  if (kind === 'merged') return t('eventMerged', { number });
  if (kind === 'mergedInto') return t('eventMergedInto', { number });
  return body;
}

/** The conversation, oldest first. Notes (staff only ever receive them) stand apart in colour and label. */
export function Thread({ entries, side, timeZone }: { entries: ThreadEntry[]; side: 'staff' | 'requester'; timeZone: string | null }) {
  const t = useText('requests');
  const locale = useLocale();
  return (
    <ol className="space-y-3" aria-label={t('thread')} data-testid="request-thread">
      {entries.map((entry) => {
        if (entry.kind === 'event')
          return (
            <li key={entry.id} className="text-center text-xs text-muted" data-testid="thread-event">
              {eventText(entry.body, t)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale, timeZone)}</time>
            </li>
          );
        const note = entry.kind === 'note';
        const who = entry.fromRequester
          ? side === 'requester'
            ? t('you')
            : (entry.author?.name ?? t('fromRequester'))
          : side === 'requester'
            ? `${entry.author?.name ?? ''} · ${t('team')}`
            : (entry.author?.name ?? t('system'));
        const look = note
          ? 'border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
          : entry.fromRequester
            ? 'border-line bg-surface'
            : 'border-line bg-surface-2';
        return (
          <li key={entry.id} className={`rounded-card border p-3 ${look}`} data-testid={note ? 'thread-note' : 'thread-reply'}>
            <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium">{who}</span>
              {note && (
                <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">{t('noteBadge')}</span>
              )}
              <time className="text-xs text-muted" dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt, locale, timeZone)}
              </time>
            </div>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap">{entry.body}</p>
            {entry.attachments.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2">
                {entry.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} className="text-sm text-accent underline" target="_blank" rel="noopener">
                      {a.name}
                    </a>{' '}
                    <span className="text-xs text-muted">({formatFileSize(a.size, locale)})</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
