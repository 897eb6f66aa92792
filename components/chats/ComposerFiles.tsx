'use client';

import { formatFileSize } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';

/** The files picked for the next message, each removable, with the server's reason when one was refused. */
export function ComposerFiles({
  files,
  errors,
  disabled,
  onRemove,
}: {
  files: File[];
  errors: Record<string, string>;
  disabled: boolean;
  onRemove: (index: number) => void;
}) {
  const t = useText('chats');
  const locale = useLocale();
  if (files.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('attachments')} data-testid="chat-files">
      {files.map((file, i) => {
        const error = errors[`file_${i}`];
        return (
          <li
            key={`${file.name}:${file.size}:${file.lastModified}`}
            className={`flex max-w-full items-center gap-2 rounded-control border px-2 py-1 text-sm ${error ? 'border-red-600' : 'border-line'}`}
          >
            <span className="max-w-48 truncate" title={file.name}>
              {file.name}
            </span>
            <span className="text-muted tabular-nums">{formatFileSize(file.size, locale)}</span>
            {error && <span className="text-red-700 dark:text-red-400">{error}</span>}
            <button
              type="button"
              onClick={() => onRemove(i)}
              disabled={disabled}
              aria-label={t('fileRemove', { name: file.name })}
              className="grid size-6 place-items-center rounded text-muted hover:bg-surface-2 hover:text-ink"
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
