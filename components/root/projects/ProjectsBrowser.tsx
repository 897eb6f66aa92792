'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { SearchInput } from '@/components/ui/SearchInput';
import { useLocale, useText } from '@/lib/i18n/client';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { PROJECT_PAGE_SIZE, querySearch, type ProjectListQuery, type ProjectSort } from '@/lib/root/project-schemas';
import type { ProjectList } from '@/lib/root/projects';
import { projectsQuery } from '@/lib/root/queries';
import { Pager } from '@/components/ui/Pager';
import { FIRST_DIR, ProjectsTable } from './ProjectsTable';
import { useListQuery } from './use-list-query';
import { ListStatus } from '../ListStatus';
import { Select } from '@/components/ui/Select';
import { numberFormat } from '@/lib/format/intl';

const SEARCH_DELAY_MS = 300;
const SIZES = [10, PROJECT_PAGE_SIZE.default, 50, PROJECT_PAGE_SIZE.max];

/** A click that follows a link in this tab (not a new tab or window, nor a download). */
function followsLink(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  return Boolean(link && !link.hasAttribute('download') && (link.getAttribute('target') ?? '_self') === '_self');
}

/**
 * Root's project list: search (debounced), status filter, sortable columns and pages, all
 * answered by the server. The URL holds the view; this component follows it. The page
 * the server rendered seeds the cache for its own search.
 */
export function ProjectsBrowser({ initial, timeZone }: { initial: { search: string; list: ProjectList }; timeZone: string }) {
  const t = useText('rootProjects');
  const id = useId();
  const locale = useLocale();
  const [query, navigate] = useListQuery();
  const [text, setText] = useState(query.q ?? '');
  const search = querySearch(query);
  const projects = useQuery({ ...projectsQuery(search), initialData: search === initial.search ? initial.list : undefined });
  useErrorAlert(projects.error);
  // The rows shown while another search or page loads are the previous one's.
  const busy = projects.isPlaceholderData;
  const list = projects.data;

  // The latest query for the search box's timer, and the search it last sent to the URL.
  const current = useRef(query);
  useEffect(() => {
    current.current = query;
  }, [query]);
  const sent = useRef(query.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back and forward change the URL under the box: show what it now searches.
  useEffect(() => {
    const q = query.q ?? '';
    if (q === sent.current) return;
    clearTimeout(timer.current);
    sent.current = q;
    setText(q);
  }, [query.q]);

  // A link followed from this page (a result, the menu) starts a navigation that Next drops
  // when the history changes before it ends: a search still waiting to reach the URL would
  // take the click's place, so it goes instead.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (followsLink(event)) clearTimeout(timer.current);
    };
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      clearTimeout(timer.current);
    };
  }, []);

  const pages = list ? Math.max(1, Math.ceil(list.total / list.size)) : query.page;

  // A page past the end (fewer projects since the link was made) steps back to the last one.
  useEffect(() => {
    if (list && !busy && list.total > 0 && list.items.length === 0 && query.page > pages) navigate({ ...query, page: pages }, 'replace');
  }, [busy, list, query, pages, navigate]);

  function onSearch(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = value.trim();
      if (q === (current.current.q ?? '')) return;
      // The first search is a history entry of its own; refining it replaces that entry.
      const mode = current.current.q ? 'replace' : 'push';
      sent.current = q;
      navigate({ ...current.current, q: q || undefined, page: 1 }, mode);
    }, SEARCH_DELAY_MS);
  }

  function onSort(sort: ProjectSort) {
    const dir = sort === query.sort ? (query.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[sort];
    navigate({ ...query, sort, dir, page: 1 });
  }

  const change = (next: Partial<ProjectListQuery>) => navigate({ ...query, ...next, page: next.page ?? 1 });
  const filtered = Boolean(query.q || query.status !== undefined);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <SearchInput label={t('search')} value={text} onChange={onSearch} className="w-full max-w-md py-2" testId="root-projects-search" />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${id}-status`} className="text-xs text-muted">
            {t('statusFilter')}
          </label>
          <Select
            id={`${id}-status`}
            value={query.status === undefined ? '' : String(query.status)}
            onChange={(value) => change({ status: value === '' ? undefined : (Number(value) as 0 | 1 | 2) })}
            options={[
              { value: '', label: t('allStatuses') },
              { value: '0', label: t('state.pending') },
              { value: '1', label: t('state.enabled') },
              { value: '2', label: t('state.disabled') },
            ]}
            className="w-44"
            testId="root-projects-status"
          />
        </div>
      </div>

      <p className="text-sm text-muted" aria-live="polite" data-testid="root-projects-total">
        {busy ? t('loading') : list ? t('total', { total: numberFormat(locale).format(list.total) }) : ''}
      </p>

      {!list ? (
        <ListStatus
          status={projects.isError ? 'error' : 'loading'}
          onRetry={() => void projects.refetch()}
          labels={{ loading: t('loading'), failed: t('loadFailed'), retry: t('retry') }}
        />
      ) : list.items.length > 0 ? (
        <ProjectsTable items={list.items} sort={query.sort} dir={query.dir} busy={busy} timeZone={timeZone} onSort={onSort} />
      ) : (
        !busy && (
          <div
            className="flex flex-col items-start gap-3 rounded-card border border-dashed border-line p-6 text-sm text-muted"
            data-testid="root-projects-empty"
          >
            <p>{filtered ? t('noMatches') : t('empty')}</p>
            {filtered && (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  clearTimeout(timer.current);
                  sent.current = '';
                  setText('');
                  change({ q: undefined, status: undefined });
                }}
              >
                {t('clearFilters')}
              </button>
            )}
          </div>
        )
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        {list ? (
          <Pager page={query.page} size={list.size} total={list.total} busy={busy} onPage={(page) => change({ page })} testId="root-projects" />
        ) : (
          <span />
        )}
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-size`} className="text-muted">
            {t('pageSize')}
          </label>
          <Select
            id={`${id}-size`}
            value={String(query.size)}
            onChange={(value) => change({ size: Number(value) })}
            options={(SIZES.includes(query.size) ? SIZES : [...SIZES, query.size].sort((a, b) => a - b)).map((n) => ({ value: String(n), label: String(n) }))}
            compact
            className="w-20"
            testId="root-projects-size"
          />
        </div>
      </div>
    </div>
  );
}
