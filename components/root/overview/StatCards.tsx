import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import type { Locale } from '@/lib/i18n/locales';
import type { PlatformOverview } from '@/lib/root/overview';
import { pathFor } from '@/lib/routes/match';

type Card = { key: string; value: number; href: string; hint?: string };

function Cards({ title, id, cards, label }: { title: string; id: string; cards: Card[]; label: (key: string) => string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <li key={c.key}>
            <Link href={c.href} className="flex h-full flex-col rounded-card border border-line p-4 hover:border-accent" data-testid={`overview-${c.key}`}>
              <span className="text-3xl font-bold text-accent tabular-nums">{c.value}</span>
              <span className="font-medium">{label(c.key)}</span>
              {c.hint && <span className="mt-1 text-sm text-muted">{c.hint}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Projects by state, users, and the outbox: each figure links to the list behind it. */
export async function StatCards({ overview, locale }: { overview: PlatformOverview; locale: Locale }) {
  const t = await getTranslations('root');
  const projects = pathFor('rootProjects', locale);
  const users = pathFor('rootUsers', locale);
  const { outbox } = overview;
  return (
    <>
      <Cards
        id="overview-projects"
        title={t('projectsTitle')}
        label={(k) => t(`cards.${k}`)}
        cards={[
          { key: 'pending', value: overview.projects.pending, href: `${projects}?status=0` },
          { key: 'enabled', value: overview.projects.enabled, href: `${projects}?status=1` },
          { key: 'disabled', value: overview.projects.disabled, href: `${projects}?status=2` },
        ]}
      />
      <Cards
        id="overview-users"
        title={t('usersTitle')}
        label={(k) => t(`cards.${k}`)}
        cards={[
          { key: 'usersTotal', value: overview.users.total, href: users },
          { key: 'usersUnconfirmed', value: overview.users.unconfirmed, href: `${users}?state=unconfirmed` },
          { key: 'usersDisabled', value: overview.users.disabled, href: `${users}?state=disabled` },
        ]}
      />
      <Cards
        id="overview-outbox"
        title={t('outboxTitle')}
        label={(k) => t(`cards.${k}`)}
        cards={[
          {
            key: outbox.smtp ? 'outboxFailed' : 'outboxKept',
            value: outbox.waiting,
            href: pathFor('rootOutbox', locale),
            hint: t(outbox.smtp ? 'outboxFailedHint' : 'outboxKeptHint'),
          },
        ]}
      />
    </>
  );
}
