'use client';

import { LoadMore } from '../LoadMore';
import { ScrollText } from 'lucide-react';
import { Suspense } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useText } from '@/lib/i18n/client';
import type { RootAuditEntry } from '@/lib/root/audit';
import { AuditFilters, FILTER_KEYS, type AuditFilterValues } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { usePages } from '@/components/root/use-pages';
import { ListStatus } from '@/components/root/ListStatus';

type Props = {
  /** Only this project's entries, without filters (a project's detail page). */
  projectId?: string;
  /** The viewer's time zone for the times shown; the browser's when not given. */
  timeZone?: string;
};

/**
 * The audit log as the root console shows it. It loads its own entries from
 * /api/root/audit. Without `projectId` it offers filters kept in the page's URL query.
 * Its texts are the `rootAudit` namespace (hand it down with TextScope).
 */
export function AuditLog({ projectId, timeZone }: Props) {
  if (projectId) return <Entries query={new URLSearchParams({ projectId }).toString()} timeZone={timeZone} withProject={false} />;
  return (
    <Suspense fallback={null}>
      <FilteredLog timeZone={timeZone} />
    </Suspense>
  );
}

// Apart from AuditLog so a project's log never reads the URL (useSearchParams needs a dynamic page).
function FilteredLog({ timeZone }: { timeZone?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const value: AuditFilterValues = { project: search.get('project') ?? '', actor: search.get('actor') ?? '', action: search.get('action') ?? '' };
  const query = new URLSearchParams(FILTER_KEYS.filter((k) => value[k]).map((k) => [k, value[k]])).toString();

  function apply(next: AuditFilterValues) {
    const params = new URLSearchParams(FILTER_KEYS.filter((k) => next[k]).map((k) => [k, next[k]]));
    router.replace(params.size ? `${pathname}?${params}` : pathname, { scroll: false });
  }

  return (
    <div className="flex flex-col gap-4">
      <AuditFilters value={value} onApply={apply} />
      <Entries query={query} timeZone={timeZone} withProject filtered={query !== ''} />
    </div>
  );
}

function Entries({ query, timeZone, withProject, filtered = false }: { query: string; timeZone?: string; withProject: boolean; filtered?: boolean }) {
  const t = useText('rootAudit');
  const list = usePages<RootAuditEntry>('root/audit', query);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (list.status !== 'ready')
    return <ListStatus status={list.status} onRetry={list.reload} labels={{ loading: t('loading'), failed: t('loadFailed'), retry: t('retry') }} />;
  if (list.items.length === 0) return <EmptyState icon={ScrollText} text={filtered ? t('noMatch') : t('empty')} testId="audit-empty" />;
  return (
    <div className="flex flex-col gap-3">
      <AuditTable entries={list.items} timeZone={zone} withProject={withProject} />
      {list.next ? (
        <LoadMore list={list} labels={{ loading: t('loading'), more: t('loadMore') }} testId="audit-load-more" />
      ) : (
        <p className="text-xs text-muted">{t('end')}</p>
      )}
    </div>
  );
}
