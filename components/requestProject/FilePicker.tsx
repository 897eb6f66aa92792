'use client';

import { useId, useRef, useState, type DragEvent } from 'react';
import { useLocale, useText } from '@/lib/i18n/client';
import { PROJECT_FILE_ACCEPT, PROJECT_FILE_MAX_BYTES, PROJECT_FILES_MAX } from '@/lib/projects/limits';
import { formatFileSize } from '@/lib/format';
import { addFiles, type FileProblem } from './pick-files';

const MAX_MB = PROJECT_FILE_MAX_BYTES / (1024 * 1024);

/**
 * Attachments: chosen with the button (keyboard) or dropped on the area, listed with name
 * and size, each removable. Files the server would refuse are left out with a message.
 */
export function FilePicker({ files, onChange, disabled }: { files: File[]; onChange: (files: File[]) => void; disabled?: boolean }) {
  const t = useText('requestProject');
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [checking, setChecking] = useState(false);
  const [over, setOver] = useState(false);
  const busy = disabled || checking;

  const add = async (picked: File[]) => {
    if (input.current) input.current.value = '';
    if (busy || picked.length === 0) return;
    setChecking(true);
    try {
      const result = await addFiles(files, picked);
      onChange(result.files);
      setProblems(result.problems);
    } finally {
      setChecking(false);
    }
  };
  const remove = (index: number) => {
    onChange(files.filter((_, i) => i !== index));
    setProblems([]);
    // The button that had focus is gone; the chooser is the natural next stop.
    chooser.current?.focus();
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void add([...e.dataTransfer.files]);
  };
  // "At most 5 files" once, however many files it left out.
  const messages = [...new Set(problems.map((p) => t(p.key, { name: p.name, max: PROJECT_FILES_MAX, size: MAX_MB })))];

  return (
    <fieldset aria-describedby={`${id}-hint`} data-testid="file-picker">
      <legend className="mb-1 block text-sm font-medium">{t('files')}</legend>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setOver(true);
        }}
        onDragLeave={(e) => {
          // Moving onto the button inside is not leaving.
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={drop}
        aria-busy={checking || undefined}
        className={`flex flex-wrap items-center gap-3 rounded-control border-2 border-dashed p-4 ${over ? 'border-accent bg-primary/5' : 'border-line'}`}
        data-testid="file-drop"
      >
        <button
          ref={chooser}
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          className="rounded-control border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-2 disabled:opacity-60"
        >
          {t('filesChoose')}
        </button>
        <span className="text-sm text-muted">{t('filesDrop')}</span>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={PROJECT_FILE_ACCEPT}
          onChange={(e) => void add([...(e.target.files ?? [])])}
          data-testid="file-input"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t('filesHint', { max: PROJECT_FILES_MAX, size: MAX_MB })}
      </p>
      {messages.length > 0 && (
        <div role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="file-problems">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {files.length > 0 && (
        <ul className="mt-3 divide-y divide-line rounded-control border border-line" data-testid="file-list">
          {files.map((file, i) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-muted tabular-nums">{formatFileSize(file.size, locale)}</span>
              <button
                type="button"
                onClick={() => remove(i)}
                disabled={disabled}
                aria-label={t('fileRemove', { name: file.name })}
                className="grid size-7 shrink-0 place-items-center rounded text-muted hover:bg-surface-2 hover:text-ink"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-muted" aria-live="polite" data-testid="file-count">
        {t('filesCount', { count: files.length, max: PROJECT_FILES_MAX })}
      </p>
    </fieldset>
  );
}
