'use client';

import { useId, useState, type FormEvent } from 'react';
import { rowButton } from '@/components/ui/buttons';
import { ApiError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';

/** Tags as a comma-separated line, saved on Enter or with the button. */
export function TagsEditor({ tags, disabled, onSave }: { tags: string[]; disabled: boolean; onSave: (tags: string[]) => Promise<unknown> }) {
  const t = useText('requests');
  const id = useId();
  const [text, setText] = useState(tags.join(', '));
  const [error, setError] = useState<string>();
  const dirty = text.trim() !== tags.join(', ');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const list = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    try {
      await onSave(list);
    } catch (err) {
      if (err instanceof ApiError) setError(Object.values(err.fields)[0] ?? err.message);
    }
  }

  return (
    <form onSubmit={submit} className="text-sm">
      <label htmlFor={id} className="mb-1 block">
        {t('tagsLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="min-w-0 flex-1 rounded-control border border-line bg-surface px-2 py-1 text-sm focus-visible:border-accent aria-[invalid=true]:border-red-600"
        />
        {!disabled && dirty && (
          <button type="submit" className={rowButton}>
            {t('save')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t('tagsHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
