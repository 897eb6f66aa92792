'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, wiring } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { previewQuery } from '@/lib/root/queries';
import { Tabs, panelId, tabId } from './Tabs';

const TEXTAREA =
  'border-line bg-surface w-full rounded-control border px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600 focus-visible:border-accent';

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

/**
 * A Markdown textarea with a Write | Preview switch. The preview is rendered by the server
 * with the public pages' own renderer and sanitizer, so what it shows is what the site shows.
 */
export function MarkdownField({ label, registration, value, error, maxLength, rows = 10, proseClass, testId }: Props) {
  const t = useText('rootContent');
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const hint = t('markdownHint');

  // An error belongs to the text, which the preview hides: a new one shows the text.
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    if (error) setMode('write');
  }

  // The text cannot change while previewed (its box is hidden): one rendering per text shown.
  const preview = useQuery({ ...previewQuery(value), enabled: mode === 'preview' && value.trim() !== '' });

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
          <textarea
            {...registration}
            {...wiring(id, { hint, error, required: true })}
            rows={rows}
            maxLength={maxLength}
            className={TEXTAREA}
            data-testid={testId}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            {hint}
          </p>
        </div>
        {mode === 'preview' && (
          <div
            className="min-h-32 rounded-control border border-line px-4 py-3"
            aria-busy={(value.trim() && preview.isPending) || undefined}
            data-testid="content-preview-pane"
          >
            {!value.trim() ? (
              <p className="text-sm text-muted">{t('previewEmpty')}</p>
            ) : preview.isError ? (
              <p className="text-sm text-red-700 dark:text-red-400">{t('previewFailed')}</p>
            ) : preview.data === undefined ? (
              <p className="text-sm text-muted">{t('previewLoading')}</p>
            ) : (
              <div className={proseClass} dangerouslySetInnerHTML={{ __html: preview.data }} />
            )}
          </div>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
