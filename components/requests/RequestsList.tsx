'use client';

import { useQuery } from '@tanstack/react-query';
import { Pager } from '@/components/ui/Pager';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListSkeleton } from '@/components/ui/Skeleton';
import { useAtom, useSetAtom } from 'jotai';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { primaryButton, secondaryButton, tabClass } from '@/components/ui/buttons';
import { relativeTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { DEFAULT_LIST, listParamsAtom, savedFiltersAtom } from '@/lib/requests/atoms';
import { REQUEST_PRIORITIES, SORTS, STATUS_FILTERS, VIEWS } from '@/lib/requests/limits';
import { requestsListQuery, type ListParams } from '@/lib/requests/queries';
import { moveSelection } from '@/lib/requests/shortcuts';
import { pathFor } from '@/lib/routes/match';
import { nextSla, PriorityText, SlaBadge, StatusBadge } from './Badges';
import { BulkBar, type BulkDialog } from './BulkBar';
import { NewRequestDialog } from './NewRequestDialog';
import { ShortcutsButton, ShortcutsDialog } from './ShortcutsDialog';
import { useShortcuts } from './use-shortcuts';
import { useNow } from './use-now';
import { useRequestEvents } from './use-request-events';

type Linked = { view?: string; status?: string };

/** The filters a link names (the dashboard home's figures), or null: the others start cleared, so the list holds what the link promised. */
function linkedFilters({ view, status }: Linked): Pick<ListParams, 'view' | 'status' | 'priority' | 'tag'> | null {
  const v = (VIEWS as readonly string[]).includes(view ?? '') ? view! : null;
  const s = (STATUS_FILTERS as readonly string[]).includes(status ?? '') ? status! : '';
  if (!v && !s) return null;
  return { view: v ?? DEFAULT_LIST.view, status: s, priority: '', tag: '' };
}

type Props = {
  mayCreate: boolean;
  /** Answer, assign and close: the checkboxes and bulk actions. */
  mayUpdate: boolean;
  linked?: Linked;
};

/** The staff list: saved filters, search, sort and paging, all done by the server; keyboard shortcuts and bulk actions. */
export function RequestsList({ mayCreate, mayUpdate, linked: link = {} }: Props) {
  const t = useText('requests');
  const locale = useLocale();
  const now = useNow();
  const router = useRouter();
  const [params, setParams] = useAtom(listParamsAtom);
  const [search, setSearch] = useState(params.q);
  const [creating, setCreating] = useState(false);
  const { data, isPending } = useQuery(requestsListQuery(params));
  useRequestEvents();
  const items = data?.items ?? [];
  // Only what is on the page counts: a selection left on another page is not acted on.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const selected = items.filter((r) => picked.has(r.id)).map((r) => r.id);
  const [cursor, setCursor] = useState(-1);
  const [bulk, setBulk] = useState<BulkDialog>(null);
  const [help, setHelp] = useState(false);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const toggle = (id: string, on: boolean) =>
    setPicked((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  function move(direction: 'next' | 'previous') {
    const next = moveSelection(Math.min(cursor, items.length - 1), items.length, direction);
    setCursor(next);
    if (next >= 0) links.current.get(items[next].id)?.focus();
  }
  useShortcuts({
    next: () => move('next'),
    previous: () => move('previous'),
    open: () => cursor >= 0 && items[cursor] && router.push(pathFor('request', locale, { id: items[cursor].id })),
    assign: () => {
      if (!mayUpdate) return;
      if (selected.length === 0 && items[cursor]) toggle(items[cursor].id, true);
      if (selected.length > 0 || items[cursor]) setBulk('assign');
    },
    help: () => setHelp(true),
  });
  const allOnPage = items.length > 0 && selected.length === items.length;
  const [saved, setSaved] = useAtom(savedFiltersAtom);
  const set = (patch: Partial<ListParams>) => {
    setParams((p) => ({ ...p, page: 1, ...patch }));
    const { q: _q, page: _page, size: _size, ...filters } = patch;
    setSaved((s) => ({ ...s, ...filters }));
  };
  // The saved filters arrive from storage after the first render: applied once, then kept in step.
  const applySaved = useSetAtom(listParamsAtom);
  // Filters named in the link win over the saved ones, once (the search starts empty too).
  const linked = useRef(linkedFilters(link));
  useEffect(() => {
    const first = linked.current;
    if (first) {
      linked.current = null;
      setSaved((s) => ({ ...s, ...first }));
      setSearch('');
    }
    if (Object.keys(saved).length || first) applySaved((p) => ({ ...p, ...saved, ...(first && { ...first, q: '', page: 1 }) }));
  }, [saved, applySaved, setSaved]);

  // Typing searches once the user pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setParams((p) => (p.q === search.trim() ? p : { ...p, q: search.trim(), page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [search, setParams]);

  return (
    <div>
      <nav aria-label={t('savedViews')} className="flex flex-wrap gap-1 border-b border-line">
        {VIEWS.map((v) => (
          <button key={v} type="button" aria-pressed={params.view === v} onClick={() => set({ view: v })} className={tabClass(params.view === v)}>
            {t(`views.${v}`)}
          </button>
        ))}
      </nav>
      <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label={t('filters')}>
        <SearchInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={setSearch}
          className="h-9 w-full sm:w-64"
          testId="requests-search"
        />
        <Select
          compact
          className="w-40"
          aria-label={t('statusLabel')}
          value={params.status}
          onChange={(v) => set({ status: v })}
          options={[
            { value: '', label: t('anyStatus') },
            ...STATUS_FILTERS.map((s) => ({ value: s, label: s === 'unsolved' ? t('unsolved') : t(`status.${s}`) })),
          ]}
        />
        <Select
          compact
          className="w-36"
          aria-label={t('priorityLabel')}
          value={params.priority}
          onChange={(v) => set({ priority: v })}
          options={[{ value: '', label: t('anyPriority') }, ...REQUEST_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))]}
        />
        <Select
          compact
          className="w-36"
          aria-label={t('tagsLabel')}
          value={params.tag}
          onChange={(v) => set({ tag: v })}
          options={[{ value: '', label: t('anyTag') }, ...(data?.tags ?? []).map((tag) => ({ value: tag, label: tag }))]}
        />
        <Select
          compact
          className="w-40"
          aria-label={t('sortBy')}
          value={params.sort}
          onChange={(v) => set({ sort: v })}
          options={SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
        />
        <button
          type="button"
          className={secondaryButton}
          onClick={() => set({ dir: params.dir === 'asc' ? 'desc' : 'asc' })}
          aria-label={params.dir === 'asc' ? t('ascending') : t('descending')}
        >
          {params.dir === 'asc' ? '↑' : '↓'}
        </button>
        <span className="flex flex-wrap gap-2 sm:ml-auto">
          <ShortcutsButton onClick={() => setHelp(true)} />
          {mayCreate && (
            <button type="button" className={primaryButton} onClick={() => setCreating(true)} data-testid="new-request">
              {t('newRequest')}
            </button>
          )}
        </span>
      </div>
      {mayUpdate && <BulkBar ids={selected} dialog={bulk} onDialog={setBulk} onDone={() => setPicked(new Set())} />}

      <div className="mt-3 flex items-center gap-3 text-sm text-muted">
        {mayUpdate && items.length > 0 && (
          <input
            type="checkbox"
            className="ml-3 size-4"
            aria-label={t('selectAll')}
            checked={allOnPage}
            ref={(el) => {
              if (el) el.indeterminate = selected.length > 0 && !allOnPage;
            }}
            onChange={(e) => setPicked(e.target.checked ? new Set(items.map((r) => r.id)) : new Set())}
            data-testid="select-all"
          />
        )}
        <p aria-live="polite">{data ? t('total', { total: data.total }) : ''}</p>
      </div>
      {isPending && (
        <div className="mt-2">
          <ListSkeleton rows={6} avatar={false} />
        </div>
      )}
      {!isPending && data?.items.length === 0 && (
        <div className="mt-4">
          <EmptyState icon={Inbox} text={t('empty')} />
        </div>
      )}
      <ul className="mt-2 divide-y divide-line rounded-card border border-line empty:border-0" data-testid="requests-list">
        {items.map((r, i) => {
          const sla = nextSla(r);
          return (
            <li
              key={r.id}
              className={`flex flex-wrap items-center gap-x-3 gap-y-1 p-3 ${i === cursor ? 'bg-surface-2 shadow-[inset_3px_0_0_var(--color-accent)]' : ''}`}
              data-current={i === cursor || undefined}
              data-testid="request-row"
            >
              {mayUpdate && (
                <input
                  type="checkbox"
                  className="size-4 shrink-0"
                  aria-label={t('selectOne', { number: r.number })}
                  checked={picked.has(r.id)}
                  onChange={(e) => toggle(r.id, e.target.checked)}
                />
              )}
              <span className="w-12 shrink-0 text-sm text-muted">#{r.number}</span>
              <Link
                href={pathFor('request', locale, { id: r.id })}
                ref={(el) => {
                  if (el) links.current.set(r.id, el);
                  else links.current.delete(r.id);
                }}
                onFocus={() => setCursor(i)}
                className="min-w-0 flex-1 basis-48 font-medium break-words text-accent hover:underline"
              >
                {r.subject}
              </Link>
              <StatusBadge status={r.status} />
              <PriorityText priority={r.priority} />
              <span className="text-sm text-muted">{r.requester.name}</span>
              <span className="text-sm">{r.assignee?.name ?? <span className="text-muted">{t('unassigned')}</span>}</span>
              {sla && <SlaBadge state={sla} now={now} />}
              <time className="text-xs text-muted" dateTime={r.updatedAt}>
                {relativeTime(r.updatedAt, now, locale)}
              </time>
            </li>
          );
        })}
      </ul>
      {data && (
        <div className="mt-3">
          <Pager
            page={params.page}
            size={data.size}
            total={data.total}
            busy={isPending}
            onPage={(page) => setParams((p) => ({ ...p, page }))}
            testId="requests"
          />
        </div>
      )}
      {creating && <NewRequestDialog onClose={() => setCreating(false)} />}
      {help && <ShortcutsDialog onClose={() => setHelp(false)} />}
    </div>
  );
}
