import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import type { Db } from '@/lib/db/client';
import type { Locale } from '@/lib/i18n/locales';
import { cachedSatisfaction } from '@/lib/requests/rating';
import { pathFor } from '@/lib/routes/match';

/**
 * The dashboard home's satisfaction figure: the share of good ratings among those given in
 * the last 30 days, with their count. Rendered on the server with the page (it moves slowly,
 * so the home's live figures do not carry it); `GET /api/requests/satisfaction` serves the same.
 */
export async function SatisfactionCard({ db, projectId, locale }: { db: Db; projectId: string; locale: Locale }) {
  const t = await getTranslations('requests');
  const { good, total, days } = await cachedSatisfaction(db, projectId);
  const percent = total > 0 ? Math.round((good / total) * 100) : null;
  return (
    <section aria-labelledby="satisfaction-title">
      <h2 id="satisfaction-title" className="text-lg font-semibold">
        {t('satisfactionTitle')}
      </h2>
      <Link
        href={pathFor('requests', locale)}
        className={`mt-3 flex max-w-sm items-center gap-4 rounded-card border p-4 hover:border-accent focus-visible:border-accent ${percent === null ? 'border-dashed border-line' : 'border-line'}`}
        data-testid="satisfaction"
        data-good={good}
        data-total={total}
      >
        <span className={`text-3xl font-bold tabular-nums ${percent === null ? 'text-muted' : 'text-accent'}`}>{percent === null ? '–' : `${percent}%`}</span>
        <span className="min-w-0">
          <span className="block font-medium">{percent === null ? t('satisfactionTitle') : t('satisfactionFigure', { percent })}</span>
          <span className="block text-sm text-muted">{total > 0 ? t('satisfactionText', { total, days }) : t('satisfactionNone', { days })}</span>
        </span>
      </Link>
    </section>
  );
}
