'use client';

import { LoadMore } from '../LoadMore';
import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { usePages } from '@/components/root/use-pages';
import { rowButton } from '@/components/ui/buttons';
import { DataTable } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { Notice } from '@/components/ui/Notice';
import { SearchInput } from '@/components/ui/SearchInput';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { OutboxItem } from '@/lib/root/outbox';
import { EmailDialog } from './EmailDialog';
import { EmailState, kindLabel } from './labels';
import { TestEmailForm } from './TestEmailForm';
import { ListStatus } from '@/components/root/ListStatus';

const SEARCH_DELAY_MS = 300;

/** The typed search, once the typing pauses: one request per pause, not per key. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The outbox: the test email form or why there is none, the emails newest first, one opened. */
export function OutboxPanel({ smtp, timeZone }: { smtp: boolean; timeZone: string }) {
  const t = useText('rootOutbox');
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim().toLowerCase());
  const list = usePages<OutboxItem>('root/outbox', q ? new URLSearchParams({ q }).toString() : '');
  const [open, setOpen] = useState<OutboxItem | null>(null);

  return (
    <div className="flex flex-col gap-6">
      {smtp ? <TestEmailForm /> : <Notice tone="info" title={t('keptTitle')} text={t('keptText')} />}

      <section aria-labelledby="outbox-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="outbox-title" className="text-lg font-semibold">
            {t('listTitle')}
          </h2>
          <SearchInput label={t('search')} value={search} onChange={setSearch} className="w-full max-w-sm py-2" testId="outbox-search" />
        </div>
        <ListStatus status={list.status} onRetry={list.reload} labels={{ loading: t('loading'), failed: t('loadFailed'), retry: t('retry') }} />
        {list.status === 'ready' && list.items.length === 0 && (
          <EmptyState icon={Mail} text={q ? t('noMatch', { query: q }) : t('empty')} testId="outbox-empty" />
        )}
        {list.items.length > 0 && (
          <>
            <DataTable
              testId="outbox"
              caption={t('caption')}
              busy={list.more}
              columns={[
                { label: t('to') },
                { label: t('subject') },
                { label: t('kind') },
                { label: t('language') },
                { label: t('created') },
                { label: t('state') },
                { label: t('actions'), hidden: true },
              ]}
            >
              {list.items.map((e) => (
                <tr key={e.id} data-testid="outbox-row" data-to={e.to}>
                  <td className="px-3 py-2 break-all">{e.to}</td>
                  <td className="px-3 py-2">{e.subject}</td>
                  <td className="px-3 py-2">{kindLabel(e.kind, t)}</td>
                  <td className="px-3 py-2">{e.locale.toUpperCase()}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, locale, timeZone)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <EmailState state={e.state} />
                  </td>
                  <td className="px-3 py-2 text-right">
                    <button
                      type="button"
                      className={rowButton}
                      onClick={() => setOpen(e)}
                      aria-label={t('openFor', { subject: e.subject, to: e.to })}
                      data-testid="outbox-open"
                    >
                      {t('open')}
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
            {list.next ? (
              <LoadMore list={list} labels={{ loading: t('loading'), more: t('loadMore') }} testId="outbox-load-more" />
            ) : (
              <p className="text-xs text-muted">{t('end')}</p>
            )}
          </>
        )}
      </section>

      {open && <EmailDialog item={open} timeZone={timeZone} onClose={() => setOpen(null)} />}
    </div>
  );
}
