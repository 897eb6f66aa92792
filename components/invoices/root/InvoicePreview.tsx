'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabClass } from '@/components/ui/buttons';
import { useDebounced } from '@/components/ui/use-debounced';
import { apiBlob } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { invoiceEditorTabAtom } from '@/lib/invoices/atoms';
import { invoicesKeys } from '@/lib/invoices/queries';

// The invoice PDF as the server draws it from the editor's current values: the same document
// the project will receive, not a look-alike in HTML. Asked for once typing pauses.

const DEBOUNCE_MS = 700;

export function InvoicePreview({ values }: { values: { projectId?: string } & Record<string, unknown> }) {
  const t = useText('invoices');
  const body = useDebounced(JSON.stringify(values), DEBOUNCE_MS);
  const ready = Boolean(values.projectId);
  const preview = useQuery({
    queryKey: invoicesKeys.preview(body),
    queryFn: ({ signal }) => apiBlob('root/invoices/preview', { json: JSON.parse(body), signal }),
    enabled: ready,
    // The last PDF stays while the next is drawn.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
  // The last PDF drawn stays on screen while a half-typed value is refused (React's "state from
  // the previous render": the query forgets its data once its newest key fails).
  const [shown, setShown] = useState<Blob | null>(null);
  if (preview.data && preview.data !== shown) setShown(preview.data);
  const url = useMemo(() => (shown ? URL.createObjectURL(shown) : null), [shown]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <section aria-labelledby="invoice-preview-title" className="space-y-2" data-testid="invoice-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="invoice-preview-title" className="text-sm font-semibold">
          {t('preview.title')}
        </h3>
        {url && (
          <a href={url} target="_blank" rel="noopener" className="text-sm underline underline-offset-2">
            {t('preview.newTab')}
          </a>
        )}
      </div>
      <p aria-live="polite" className="min-h-5 text-xs text-muted" data-testid="invoice-preview-status">
        {!ready ? t('preview.pickProject') : preview.isError ? t('preview.failed') : preview.isFetching ? t('preview.loading') : ''}
      </p>
      {url && (
        <iframe src={url} title={t('preview.frame')} className="h-[75vh] w-full rounded-card border border-line bg-white" data-testid="invoice-preview-frame" />
      )}
    </section>
  );
}

/**
 * The editor beside its preview from 1024 px; below that they share the space as two tabs
 * (arrow keys move between them, as in any tab list).
 */
export function EditorWithPreview({ editor, preview }: { editor: ReactNode; preview: ReactNode }) {
  const t = useText('invoices');
  const id = useId();
  const [tab, setTab] = useAtom(invoiceEditorTabAtom);
  const tabs = [
    { key: 'edit', label: t('preview.edit') },
    { key: 'preview', label: t('preview.show') },
  ] as const;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'edit' ? 'preview' : 'edit';
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={t('preview.tabs')} className="mb-4 flex gap-1 border-b border-line lg:hidden">
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onKeyDown}
            className={tabClass(tab === key)}
            data-testid={`editor-tab-${key}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-6">
        <div id={`${id}-edit`} role="tabpanel" aria-labelledby={`${id}-edit-tab`} className={tab === 'edit' ? '' : 'hidden lg:block'}>
          {editor}
        </div>
        <div id={`${id}-preview`} role="tabpanel" aria-labelledby={`${id}-preview-tab`} className={tab === 'preview' ? '' : 'hidden lg:block'}>
          {preview}
        </div>
      </div>
    </div>
  );
}
