'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { MemberAvatar } from '@/components/users/Chips';
import type { ActivityEntry } from '@/lib/dashboard/activity';
import { activityQuery } from '@/lib/dashboard/queries';
import { formatDateTime, relativeTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { useNow } from './use-now';

/** The sentence for an action; an action the messages do not know reads as the fallback. */
function useSentence() {
  const t = useText('dashboard');
  return (entry: ActivityEntry) => {
    const values = { actor: entry.actor?.name ?? t('activity.someone'), subject: entry.subject, action: entry.action };
    const key = `activity.actions.${entry.action}`;
    const text = t(key, values);
    return text === `dashboard.${key}` ? t('activity.actions.fallback', values) : text;
  };
}

/**
 * The project's newest activity: who did what, when ("5 min ago", the exact time on hover
 * in the viewer's zone), with a link to the thing when it has a page. Seeded by the
 * server; refetched on the same socket events as the figures.
 */
export function ActivityList({ initial, timeZone }: { initial: ActivityEntry[]; timeZone: string | null }) {
  const t = useText('dashboard');
  const locale = useLocale();
  const now = useNow();
  const sentence = useSentence();
  const { data: entries = initial } = useQuery({ ...activityQuery(), initialData: initial });
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold">
        {t('activity.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('activity.empty')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-line rounded-card border border-line" data-testid="activity">
          {entries.map((e) => {
            const text = sentence(e);
            return (
              <li key={e.id} className="flex items-start gap-3 p-3">
                <MemberAvatar name={e.actor?.name ?? '?'} avatar={e.actor?.avatar ?? null} />
                <div className="min-w-0 flex-1">
                  {e.link ? (
                    <Link href={pathFor(e.link.route, locale, e.link.params)} className="break-words hover:underline">
                      {text}
                    </Link>
                  ) : (
                    <span className="break-words">{text}</span>
                  )}
                  <time suppressHydrationWarning dateTime={e.at} title={formatDateTime(e.at, locale, timeZone)} className="block text-xs text-muted">
                    {relativeTime(e.at, now, locale)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
