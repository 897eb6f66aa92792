'use client';

import { useId } from 'react';
import { useImagePreview } from '@/components/ui/use-image-preview';
import { FieldError } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { AVATAR_TYPES, avatarProblem } from './avatar-file';

/** The current avatar, or a preview of the picked file, with the file input beside it. */
export function AvatarPicker({ current, name, file, onChange, error }: { current: string | null; name: string; file: File | null; onChange: (file: File | null) => void; error?: string }) {
  const t = useText('account');
  const id = useId();
  const { input, preview, problem, pick } = useImagePreview(file, onChange, (picked) => {
    const why = avatarProblem(picked);
    return why ? t(why) : null;
  });
  const shownError = problem ?? error;
  const src = preview ?? current;

  return (
    <div className="flex items-center gap-4">
      <div className="bg-surface-2 grid size-20 shrink-0 place-items-center overflow-hidden rounded-full text-2xl font-semibold" data-testid="avatar-preview">
        {src ? (
          // A blob: preview or an uploaded file; neither gains from next/image.
          <img src={src} alt={preview ? t('avatarPreview') : t('avatarCurrent')} className="size-full object-cover" />
        ) : (
          <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('avatar')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          onChange={(e) => pick(e.target.files?.[0])}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          className="file:bg-surface-2 file:border-line block w-full text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1.5 file:text-sm"
        />
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs">
          {t('avatarHint')}
        </p>
        {file && (
          <button type="button" onClick={() => onChange(null)} className="text-primary mt-1 text-sm hover:underline">
            {t('avatarUndo')}
          </button>
        )}
        <FieldError id={`${id}-error`} message={shownError ?? undefined} />
      </div>
    </div>
  );
}
