import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import type { PlatformOverview } from '@/lib/root/overview';
import { pathFor } from '@/lib/routes/match';

/** The newest project requests waiting for review, each opening the project's page. */
export async function PendingRequests({ pending, locale, timeZone }: { pending: PlatformOverview['pending']; locale: Locale; timeZone: string }) {
  const t = await getTranslations('root');
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title" className="text-lg font-semibold">
        {t('pendingTitle', { count: pending.count })}
      </h2>
      {pending.latest.length === 0 ? (
        <p className="mt-3 rounded-card border border-dashed border-line p-5 text-sm text-muted" data-testid="pending-empty">
          {t('pendingEmpty')}
        </p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-line rounded-card border border-line" data-testid="pending-requests">
            {pending.latest.map((p) => (
              <li key={p.id}>
                <Link
                  href={pathFor('rootProject', locale, { id: p.id })}
                  className="flex flex-wrap items-baseline gap-x-4 gap-y-1 p-4 hover:bg-surface-2"
                  data-testid="pending-request"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">
                      {p.name} <span className="font-mono text-xs text-muted">{p.key}</span>
                    </span>
                    <span className="block text-sm text-muted">
                      {p.requester ? t('requestedBy', { name: p.requester.name, email: p.requester.email }) : t('requesterGone')}
                    </span>
                  </span>
                  <time dateTime={p.createdAt} className="text-sm whitespace-nowrap text-muted">
                    {formatDateTime(p.createdAt, locale, timeZone)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          {pending.count > pending.latest.length && (
            <Link href={`${pathFor('rootProjects', locale)}?status=0`} className="mt-2 inline-block text-sm text-accent hover:underline">
              {t('pendingAll', { count: pending.count })}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
