import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AttentionItem } from '@/lib/dashboard/attention';
import type { Locale } from '@/lib/i18n/locales';
import { pathFor } from '@/lib/routes/match';

/** The home's "what needs attention": one card per non-zero count, or a calm empty state. */
export async function AttentionCards({ items, locale }: { items: AttentionItem[]; locale: Locale }) {
  const t = await getTranslations('dashboard');
  return (
    <section aria-labelledby="attention-title">
      <h2 id="attention-title" className="text-lg font-semibold">
        {t('attention')}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-line p-5 text-sm text-muted" data-testid="attention-empty">
          {t('attentionEmpty')}
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="attention">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                href={pathFor(item.route, locale)}
                className="flex items-center gap-4 rounded-lg border border-line p-4 hover:border-accent"
                data-testid={`attention-${item.key}`}
              >
                <span className="text-3xl font-bold text-accent tabular-nums">{item.count}</span>
                <span className="min-w-0">
                  <span className="block font-medium">{t(`attentionItems.${item.key}.title`)}</span>
                  <span className="block text-sm text-muted">{t(`attentionItems.${item.key}.text`, { count: item.count })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
