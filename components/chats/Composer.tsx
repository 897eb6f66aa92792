'use client';

import { useId, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { addFiles, type FileProblem } from '@/components/requestProject/pick-files';
import { CHAT_FILE_ACCEPT, CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX, MESSAGE_MAX } from '@/lib/chats/limits';
import { ApiError, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { ComposerFiles } from './ComposerFiles';
import { composerErrors } from './composer-errors';

const MAX_MB = CHAT_FILE_MAX_BYTES / (1024 * 1024);

type Props = {
  /** Sends; throws the API's error (its field errors are shown here). */
  onSend: (body: string, files: File[], onProgress: (share: number | null) => void) => Promise<void>;
  onTyping?: () => void;
  label: string;
  testId: string;
  disabled?: boolean;
  /** The thread shows the message as pending: the box empties at once and gets it back if sending fails. */
  optimistic?: boolean;
};

/**
 * The message box: Enter sends, Shift+Enter starts a new line; files from the picker or
 * dropped on the box, listed and removable; progress for large uploads. What was typed and
 * picked stays when sending fails, with the server's reasons beside the fields.
 */
export function Composer({ onSend, onTyping, label, testId, disabled = false, optimistic = false }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const id = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | 'unknown' | null>(null);
  const [over, setOver] = useState(false);
  const empty = body.trim() === '' && files.length === 0;

  async function pick(picked: File[]) {
    if (input.current) input.current.value = '';
    if (picked.length === 0 || busy) return;
    const result = await addFiles(files, picked);
    setFiles(result.files);
    setProblems(result.problems);
  }

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (empty || busy || disabled) return;
    setBusy(true);
    setErrors({});
    const sent = { body, files };
    const clear = () => {
      setBody('');
      setFiles([]);
      setProblems([]);
    };
    // Shown as pending in the thread: the box is free for the next message at once.
    if (optimistic) clear();
    try {
      await onSend(sent.body.trim(), sent.files, (share) => setProgress(share ?? 'unknown'));
      if (!optimistic) clear();
    } catch (error) {
      if (optimistic) {
        // Back in the box to send again, unless a new message was started meanwhile.
        setBody((now) => now || sent.body);
        setFiles((now) => (now.length ? now : sent.files));
      }
      if (error instanceof ApiError) setErrors(composerErrors(error));
      showError(error, te);
    } finally {
      setBusy(false);
      setProgress(null);
      text.current?.focus();
    }
  }

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void pick([...e.dataTransfer.files]);
  };
  // File errors other than per-file ones (file_N) go with the general ones.
  const bodyError = errors.body;
  const otherErrors = Object.entries(errors).filter(([name]) => name !== 'body' && !/^file_\d+$/.test(name));
  const problemTexts = [...new Set(problems.map((p) => t(p.key, { name: p.name, max: CHAT_FILES_MAX, size: MAX_MB })))];

  return (
    <form
      onSubmit={send}
      onDragOver={(e) => {
        e.preventDefault();
        if (!busy) setOver(true);
      }}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOver(false)}
      onDrop={drop}
      className={`border-t border-line p-3 ${over ? 'bg-primary/5 outline-2 -outline-offset-2 outline-accent outline-dashed' : ''}`}
      aria-busy={busy || undefined}
    >
      <ComposerFiles files={files} errors={errors} disabled={busy} onRemove={(i) => setFiles(files.filter((_, n) => n !== i))} />
      {(problemTexts.length > 0 || otherErrors.length > 0) && (
        <div role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400" data-testid="chat-file-problems">
          {problemTexts.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {otherErrors.map(([name, m]) => (
            <p key={name}>{m}</p>
          ))}
        </div>
      )}
      {progress !== null && (
        <progress
          aria-label={t('uploading')}
          max={1}
          value={typeof progress === 'number' ? progress : undefined}
          className="mb-2 h-1.5 w-full accent-accent"
          data-testid="chat-upload-progress"
        />
      )}
      <div className="flex items-end gap-2">
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy || disabled}
          aria-label={t('attach')}
          title={t('attachHint', { max: CHAT_FILES_MAX, size: MAX_MB })}
          className="grid size-10 shrink-0 place-items-center rounded-control border border-line hover:bg-surface-2 disabled:opacity-60"
          data-testid="chat-attach"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m21 12-8.5 8.5a5 5 0 0 1-7-7L14 5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 8" />
          </svg>
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={CHAT_FILE_ACCEPT}
          onChange={(e) => void pick([...(e.target.files ?? [])])}
          data-testid="chat-file-input"
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <textarea
            ref={text}
            id={id}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              if (e.target.value.trim()) onTyping?.();
            }}
            onKeyDown={onKey}
            rows={Math.min(6, Math.max(1, body.split('\n').length))}
            maxLength={MESSAGE_MAX}
            placeholder={label}
            disabled={disabled}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={`${id}-hint${bodyError ? ` ${id}-error` : ''}`}
            className="block max-h-40 w-full resize-none rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent aria-[invalid=true]:border-red-600"
            data-testid={testId}
          />
        </div>
        <button
          type="submit"
          disabled={empty || busy || disabled}
          aria-busy={busy || undefined}
          className="h-10 shrink-0 rounded-control bg-primary px-4 text-sm font-medium text-white hover:bg-primary-shade disabled:cursor-not-allowed disabled:opacity-60"
          data-testid="chat-send"
        >
          {busy ? t('sending') : t('send')}
        </button>
      </div>
      {bodyError && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="field-error">
          {bodyError}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 hidden text-xs text-muted sm:block">
        {t('composerHint')}
      </p>
    </form>
  );
}
