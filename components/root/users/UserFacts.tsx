'use client';

import { Link } from '@/components/ui/Link';
import type { ReactNode } from 'react';
import { StorageMeter } from '@/components/quotas/StorageMeter';
import { formatDate, formatDateTime } from '@/lib/format';
import { useText } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/locales';
import type { RootUserDetail, RootUserProject } from '@/lib/root/users';
import { pathFor } from '@/lib/routes/match';
import { PROJECT_STATE_BADGE, projectStateOf } from '@/components/ui/project-state';
import { RootMarker, StateBadge } from './StateBadge';

/** State, dates and live sessions of the user, as a description list. */
export function UserFacts({ detail, locale, timeZone }: { detail: RootUserDetail; locale: Locale; timeZone: string }) {
  const t = useText('rootUsers');
  const tq = useText('quotas');
  const { user } = detail;
  const facts: [string, ReactNode][] = [
    [
      t('state'),
      <span key="state" className="flex items-center">
        <StateBadge state={user.state} />
        {user.isRoot && <RootMarker />}
      </span>,
    ],
    [
      t('joined'),
      <time key="joined" dateTime={user.createdAt}>
        {formatDate(user.createdAt, locale, timeZone)}
      </time>,
    ],
    [
      t('lastSeen'),
      user.lastSeenAt ? (
        <time key="seen" dateTime={user.lastSeenAt}>
          {formatDateTime(user.lastSeenAt, locale, timeZone)}
        </time>
      ) : (
        t('never')
      ),
    ],
    [
      t('sessions'),
      <span key="sessions" data-testid="root-user-sessions">
        {detail.sessions}
      </span>,
    ],
  ];
  facts.push([tq('title'), <StorageMeter key="storage" usage={detail.storage} testId="root-user-storage" />]);
  if (user.disabledAt)
    facts.push([
      t('disabledSince'),
      <time key="disabled" dateTime={user.disabledAt}>
        {formatDateTime(user.disabledAt, locale, timeZone)}
      </time>,
    ]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The projects the user is a member of, each linking to its page in the root console. */
export function UserProjects({ projects, locale, timeZone }: { projects: RootUserProject[]; locale: Locale; timeZone: string }) {
  const t = useText('rootUsers');
  return (
    <section aria-labelledby="root-user-projects" className="flex flex-col gap-2">
      <h3 id="root-user-projects" className="font-semibold">
        {t('projectsTitle')}
      </h3>
      {projects.length === 0 ? (
        <p className="text-sm text-muted">{t('noProjects')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line" data-testid="root-user-projects">
          {projects.map((p) => {
            const state = projectStateOf(p.status);
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-testid="root-user-project">
                <div className="min-w-0 flex-1">
                  <Link href={pathFor('rootProject', locale, { id: p.id })} className="font-medium text-accent hover:underline">
                    {p.name}
                  </Link>
                  <span className="ml-2 text-xs text-muted">{p.key}</span>
                  <p className="text-xs text-muted">
                    {p.profiles.length ? p.profiles.join(', ') : t('noProfiles')} · {t('joined')}: {formatDate(p.joinedAt, locale, timeZone)}
                  </p>
                </div>
                {p.membershipStatus !== 1 && (
                  <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">{t('membershipInactive')}</span>
                )}
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${PROJECT_STATE_BADGE[state]}`}>{t(`projectState.${state}`)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
