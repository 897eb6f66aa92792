'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import type { AttentionItem } from '@/lib/dashboard/attention';
import { attentionQuery } from '@/lib/dashboard/queries';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { useDashboardEvents } from './use-dashboard-events';

function hrefOf(item: AttentionItem, locale: ReturnType<typeof useLocale>): string {
  const path = pathFor(item.route, locale);
  return item.query ? `${path}?${item.query}` : path;
}

/**
 * The home's "what needs you now": one figure per area the profile may see, each linking
 * to its filtered list. Server-rendered figures come as `initial`; the socket keeps them
 * live. A zero stays, quietly, so a clear area reads as checked rather than missing.
 */
export function AttentionCards({ initial }: { initial: AttentionItem[] }) {
  const t = useText('dashboard');
  const locale = useLocale();
  const { data: items = initial } = useQuery({ ...attentionQuery(), initialData: initial });
  useDashboardEvents();
  const waiting = items.filter((i) => i.count > 0);
  return (
    <section aria-labelledby="attention-title">
      <h2 id="attention-title" className="text-lg font-semibold">
        {t('attention')}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-card border border-dashed border-line p-5 text-sm text-muted" data-testid="attention-empty">
          {t('attentionNone')}
        </p>
      ) : (
        <>
          {waiting.length === 0 && (
            <p className="mt-2 text-sm text-muted" data-testid="attention-clear">
              {t('attentionEmpty')}
            </p>
          )}
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="attention">
            {items.map((item) => (
              <li key={item.key}>
                <Link
                  href={hrefOf(item, locale)}
                  className={`flex items-center gap-4 rounded-card border p-4 hover:border-accent focus-visible:border-accent ${item.count > 0 ? 'border-line' : 'border-dashed border-line'}`}
                  data-testid={`attention-${item.key}`}
                  data-count={item.count}
                >
                  <span className={`min-w-8 text-3xl font-bold tabular-nums ${item.count > 0 ? 'text-accent' : 'text-muted'}`}>{item.count}</span>
                  <span className="min-w-0">
                    <span className="block font-medium">{t(`attentionItems.${item.key}.title`)}</span>
                    <span className="block text-sm text-muted">
                      {item.count > 0 ? t(`attentionItems.${item.key}.text`, { count: item.count }) : t('attentionZero')}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
