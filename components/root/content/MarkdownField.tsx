'use client';

import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, wiring } from '@/lib/forms/fields';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { Tabs, panelId, tabId } from './Tabs';

const TEXTAREA = 'border-line bg-surface w-full rounded-md border px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600 focus-visible:border-accent';
const PREVIEW_DELAY_MS = 250;

type Props = {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's current text, previewed as the public page renders it. */
  value: string;
  error?: string;
  maxLength: number;
  rows?: number;
  /** The public page's classes around the rendered Markdown, so the preview looks the same. */
  proseClass: string;
  testId?: string;
};

/** The last rendering, with the text it was made from (or that failed). */
type Rendered = { source: string; html: string | null };

/**
 * A Markdown textarea with a Write | Preview switch. The preview is rendered by the server
 * with the public pages' own renderer and sanitizer, so what it shows is what the site shows.
 */
export function MarkdownField({ label, registration, value, error, maxLength, rows = 10, proseClass, testId }: Props) {
  const t = useText('rootContent');
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const hint = t('markdownHint');

  // An error belongs to the text, which the preview hides.
  useEffect(() => {
    if (error) setMode('write');
  }, [error]);

  const current = rendered?.source === value ? rendered : null;
  useEffect(() => {
    if (mode !== 'preview' || !value.trim() || current) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await api<{ data: { html: string } }>('root/content/preview', { json: { markdown: value }, signal: controller.signal });
        setRendered({ source: value, html: res.data.html });
      } catch {
        if (!controller.signal.aborted) setRendered({ source: value, html: null });
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [mode, value, current]);

  const base = `${id}-md`;
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Tabs
          base={base}
          small
          label={t('previewModes', { field: label })}
          selected={mode}
          onSelect={setMode}
          tabs={[
            { id: 'write', label: t('write') },
            { id: 'preview', label: t('preview'), testId: 'content-preview' },
          ]}
        />
      </div>
      <div id={panelId(base)} role="tabpanel" aria-labelledby={tabId(base, mode)}>
        <div hidden={mode !== 'write'}>
          <textarea {...registration} {...wiring(id, { hint, error, required: true })} rows={rows} maxLength={maxLength} className={TEXTAREA} data-testid={testId} />
          <p id={`${id}-hint`} className="text-muted mt-1 text-xs">
            {hint}
          </p>
        </div>
        {mode === 'preview' && (
          <div className="border-line min-h-32 rounded-md border px-4 py-3" aria-busy={(value.trim() && !current) || undefined} data-testid="content-preview-pane">
            {!value.trim() ? (
              <p className="text-muted text-sm">{t('previewEmpty')}</p>
            ) : !current ? (
              <p className="text-muted text-sm">{t('previewLoading')}</p>
            ) : current.html === null ? (
              <p className="text-sm text-red-700 dark:text-red-400">{t('previewFailed')}</p>
            ) : (
              <div className={proseClass} dangerouslySetInnerHTML={{ __html: current.html }} />
            )}
          </div>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
