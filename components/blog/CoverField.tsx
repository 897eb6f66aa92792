'use client';

import { useId, useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { FileInput } from '@/components/ui/FileInput';
import { COVER_MAX_BYTES } from '@/lib/blog/limits';
import { FieldError } from '@/lib/forms/fields';
import { api, ApiError, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';

const TYPES = 'image/png,image/jpeg,image/webp';

/** The cover: uploaded at once (checked and stored by the server), its URL kept by the form. */
export function CoverField({ url, onChange, error }: { url: string | null; onChange: (url: string | null) => void; error?: string }) {
  const t = useText('blog');
  const te = useText('errors');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (file.size > COVER_MAX_BYTES) {
      setProblem(t('errors.coverTooLarge', { max: COVER_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const form = new FormData();
    form.set('cover', file);
    setBusy(true);
    try {
      onChange((await api<{ url: string }>('blog/covers', { method: 'POST', form })).url);
    } catch (e) {
      if (e instanceof ApiError && e.fields.cover) setProblem(e.fields.cover);
      else showError(e, te);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {t('fields.cover')}
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {url && <img src={url} alt="" className="h-20 w-32 rounded border border-line object-cover" data-testid="blog-cover-image" />}
        <FileInput
          id={id}
          accept={TYPES}
          disabled={busy}
          aria-invalid={problem || error ? true : undefined}
          aria-describedby={problem || error ? `${id}-error` : undefined}
          className="max-w-full"
          onChange={(e) => void upload(e.target.files?.[0])}
          data-testid="blog-cover-input"
        />
        {busy && <span className="text-sm text-muted">{t('editor.uploading')}</span>}
        {url && (
          <button type="button" className={secondaryButton} onClick={() => onChange(null)}>
            {t('editor.removeCover')}
          </button>
        )}
      </div>
      <FieldError id={`${id}-error`} message={problem ?? error} />
    </div>
  );
}
