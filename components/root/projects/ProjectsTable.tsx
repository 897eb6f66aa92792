'use client';

import { Link } from '@/components/ui/Link';
import { formatDate } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { ProjectSort } from '@/lib/root/project-schemas';
import type { ProjectRow } from '@/lib/root/projects';
import { pathFor } from '@/lib/routes/match';
import { CARDS, cardCell } from '@/components/ui/DataTable';
import { StatusBadge } from './StatusBadge';

type Column = { sort: ProjectSort; label: string; numeric?: boolean } | { sort: null; label: string };

/** The direction a column starts in when first chosen: words A→Z, numbers and dates largest first. */
export const FIRST_DIR: Record<ProjectSort, 'asc' | 'desc'> = { name: 'asc', key: 'asc', status: 'asc', members: 'desc', createdAt: 'desc' };

function SortHeader({ column, sort, dir, onSort }: { column: Column; sort: ProjectSort; dir: 'asc' | 'desc'; onSort: (s: ProjectSort) => void }) {
  const t = useText('rootProjects');
  const align = 'numeric' in column && column.numeric ? 'text-right' : '';
  if (!column.sort) {
    return (
      <th scope="col" className={`px-3 py-2 font-medium max-sm:hidden ${align}`}>
        {column.label}
      </th>
    );
  }
  const active = column.sort === sort;
  const target = column.sort;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-1 py-1 font-medium max-sm:block max-sm:p-0 ${align}`}
    >
      <button
        type="button"
        onClick={() => onSort(target)}
        title={t('sortHint', { column: column.label })}
        className={`inline-flex items-center gap-1 rounded px-2 py-1 uppercase hover:bg-surface max-sm:border max-sm:border-line ${active ? 'text-ink' : ''}`}
        data-testid={`root-projects-sort-${target}`}
      >
        {column.label}
        <span aria-hidden="true" className={active ? '' : 'opacity-30'}>
          {active && dir === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

/** One page of projects; the headers sort on the server, each name opens the project. */
export function ProjectsTable({
  items,
  sort,
  dir,
  busy,
  timeZone,
  onSort,
}: {
  items: ProjectRow[];
  sort: ProjectSort;
  dir: 'asc' | 'desc';
  busy: boolean;
  timeZone: string;
  onSort: (sort: ProjectSort) => void;
}) {
  const t = useText('rootProjects');
  const locale = useLocale();
  const columns: Column[] = [
    { sort: 'name', label: t('col.name') },
    { sort: 'key', label: t('col.key') },
    { sort: null, label: t('col.requester') },
    { sort: 'status', label: t('col.status') },
    { sort: 'members', label: t('col.members'), numeric: true },
    { sort: 'createdAt', label: t('col.createdAt') },
  ];
  return (
    <div className={`relative overflow-x-auto rounded-card border border-line ${CARDS.frame}`} aria-busy={busy || undefined}>
      <table className={`w-full text-left text-sm transition-opacity ${CARDS.table} ${busy ? 'opacity-60' : ''}`} data-testid="root-projects">
        <caption className="sr-only">{t('title')}</caption>
        {/* On a phone the headings stay as a row of sort buttons above the cards. */}
        <thead className="bg-surface-2 text-xs text-muted uppercase max-sm:mb-3 max-sm:block max-sm:bg-transparent">
          <tr className="max-sm:flex max-sm:flex-wrap max-sm:gap-1">
            {columns.map((c) => (
              <SortHeader key={c.label} column={c} sort={sort} dir={dir} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-line ${CARDS.body}`}>
          {items.map((p) => (
            <tr key={p.id} data-testid="root-project-row" data-key={p.key}>
              <td className="px-3 py-2 max-sm:block max-sm:px-0">
                <Link href={pathFor('rootProject', locale, { id: p.id })} className="font-medium text-accent hover:underline">
                  {p.name}
                </Link>
              </td>
              <td className={`px-3 py-2 font-mono text-xs ${cardCell}`} data-label={t('col.key')}>
                {p.key}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('col.requester')}>
                {p.requester ? (
                  <div className="min-w-0">
                    <p>{p.requester.name}</p>
                    <p className="truncate text-xs text-muted">{p.requester.email}</p>
                  </div>
                ) : (
                  <span className="text-muted">{t('noRequester')}</span>
                )}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('col.status')}>
                <StatusBadge status={p.status} />
              </td>
              <td className={`px-3 py-2 text-right tabular-nums ${cardCell}`} data-label={t('col.members')}>
                {p.members}
              </td>
              <td className={`px-3 py-2 whitespace-nowrap ${cardCell}`} data-label={t('col.createdAt')}>
                <time dateTime={p.createdAt}>{formatDate(p.createdAt, locale, timeZone)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
