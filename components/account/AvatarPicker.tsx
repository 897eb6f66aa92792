'use client';

import { ImagePicker } from '@/components/ui/ImagePicker';
import { useText } from '@/lib/i18n/client';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/lib/users/avatar-limits';

/** The current avatar, or a preview of the picked file, with the file input beside it. */
export function AvatarPicker({
  current,
  name,
  file,
  onChange,
  error,
}: {
  current: string | null;
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}) {
  const t = useText('account');
  return (
    <ImagePicker
      label={t('avatar')}
      hint={t('avatarHint')}
      types={AVATAR_TYPES}
      maxBytes={AVATAR_MAX_BYTES}
      problems={{ type: t('avatarType'), tooLarge: t('avatarTooLarge') }}
      file={file}
      onPick={onChange}
      error={error}
      picture={(preview) => {
        const src = preview ?? current;
        return (
          <div
            className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-full bg-surface-2 text-2xl font-semibold"
            data-testid="avatar-preview"
          >
            {src ? (
              <img src={src} alt={preview ? t('avatarPreview') : t('avatarCurrent')} className="size-full object-cover" />
            ) : (
              <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
            )}
          </div>
        );
      }}
    >
      {file && (
        <button type="button" onClick={() => onChange(null)} className="mt-1 text-sm text-accent hover:underline">
          {t('avatarUndo')}
        </button>
      )}
    </ImagePicker>
  );
}
