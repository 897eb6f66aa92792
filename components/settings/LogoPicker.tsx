'use client';

import { ImagePicker } from '@/components/ui/ImagePicker';
import { useText } from '@/lib/i18n/client';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@/lib/settings/limits';

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
  return (
    <ImagePicker
      label={t('logo')}
      hint={removing ? t('logoRemoving') : t('logoHint')}
      types={LOGO_TYPES}
      maxBytes={LOGO_MAX_BYTES}
      problems={{ type: t('logoType'), tooLarge: t('logoTooLarge') }}
      file={file}
      onPick={onPick}
      error={error}
      inputTestId="logo-input"
      picture={(preview) => {
        const src = preview ?? (removing ? null : current);
        return (
          <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-card border border-line bg-surface-2" data-testid="logo-preview">
            {src ? (
              <img src={src} alt={preview ? t('logoPreview') : t('logoCurrent')} className="size-full object-contain" />
            ) : (
              <span className="px-1 text-center text-xs text-muted">{t('logoNone')}</span>
            )}
          </div>
        );
      }}
    >
      <div className="mt-1 flex flex-wrap gap-x-4 text-sm">
        {file && (
          <button type="button" onClick={() => onPick(null)} className="text-accent hover:underline">
            {t('logoUndo')}
          </button>
        )}
        {!file && current && !removing && (
          <button type="button" onClick={() => onRemove(true)} className="text-accent hover:underline" data-testid="logo-remove">
            {t('logoRemove')}
          </button>
        )}
        {!file && removing && (
          <button type="button" onClick={() => onRemove(false)} className="text-accent hover:underline">
            {t('logoKeep')}
          </button>
        )}
      </div>
    </ImagePicker>
  );
}
