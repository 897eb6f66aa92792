'use client';

import { useId } from 'react';
import { useImagePreview } from '@/components/ui/use-image-preview';
import { FieldError } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@/lib/settings/schemas';

/** Why a picked file cannot be the logo (a `settings` key), or null. The server checks the content too. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): 'logoType' | 'logoTooLarge' | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'logoType';
  if (file.size > LOGO_MAX_BYTES) return 'logoTooLarge';
  return null;
}

type Props = {
  current: string | null;
  file: File | null;
  removing: boolean;
  onPick: (file: File | null) => void;
  onRemove: (removing: boolean) => void;
  error?: string;
};

/** The saved logo or the picked file's preview, a file input, and undo/remove actions. */
export function LogoPicker({ current, file, removing, onPick, onRemove, error }: Props) {
  const t = useText('settings');
  const id = useId();
  const { input, preview, problem, pick } = useImagePreview(file, onPick, (picked) => {
    const why = logoProblem(picked);
    return why ? t(why) : null;
  });
  const shownError = problem ?? error;
  const src = preview ?? (removing ? null : current);

  return (
    <div className="flex items-center gap-4">
      <div className="border-line bg-surface-2 grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg border" data-testid="logo-preview">
        {src ? (
          // A blob: preview or a stored file; neither gains from next/image.
          <img src={src} alt={preview ? t('logoPreview') : t('logoCurrent')} className="size-full object-contain" />
        ) : (
          <span className="text-muted px-1 text-center text-xs">{t('logoNone')}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('logo')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={LOGO_TYPES.join(',')}
          onChange={(e) => pick(e.target.files?.[0])}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          className="file:bg-surface-2 file:border-line block w-full text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1.5 file:text-sm"
          data-testid="logo-input"
        />
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs">
          {removing ? t('logoRemoving') : t('logoHint')}
        </p>
        <div className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {file && (
            <button type="button" onClick={() => onPick(null)} className="text-primary hover:underline">
              {t('logoUndo')}
            </button>
          )}
          {!file && current && !removing && (
            <button type="button" onClick={() => onRemove(true)} className="text-primary hover:underline" data-testid="logo-remove">
              {t('logoRemove')}
            </button>
          )}
          {!file && removing && (
            <button type="button" onClick={() => onRemove(false)} className="text-primary hover:underline">
              {t('logoKeep')}
            </button>
          )}
        </div>
        <FieldError id={`${id}-error`} message={shownError ?? undefined} />
      </div>
    </div>
  );
}
