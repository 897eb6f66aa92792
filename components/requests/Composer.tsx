'use client';

import { useAtom } from 'jotai';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { FileInput } from '@/components/ui/FileInput';
import { ApiError, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { composerModeAtom } from '@/lib/requests/atoms';
import { BODY_MAX, REQUEST_FILES_MAX } from '@/lib/requests/limits';
import { insertAt, type PlaceholderValues } from '@/lib/requests/placeholders';
import { CannedPicker } from './CannedPicker';

type Props = {
  /** Staff choose between a public reply and an internal note; the requester always replies. */
  staff: boolean;
  onSend: (body: string, internal: boolean, files: File[]) => Promise<unknown>;
  /** Staff: what canned replies' placeholders become here; with it, the composer offers them. */
  placeholders?: PlaceholderValues;
  /** The text box, for the page's shortcuts (r, n) to focus. */
  bodyRef?: RefObject<HTMLTextAreaElement | null>;
};

/** The reply box under a thread. Only one request at a time; the text stays if sending fails. */
export function Composer({ staff, onSend, placeholders, bodyRef }: Props) {
  const t = useText('requests');
  const tv = useText('validation');
  const te = useText('errors');
  const id = useId();
  const [mode, setMode] = useAtom(composerModeAtom);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const box = bodyRef ?? ownRef;
  const note = staff && mode === 'note';

  /** A canned reply goes where the caret was, and the caret after it, ready to edit. */
  function insert(text: string) {
    const el = box.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = insertAt(body, text, start, end);
    const inserted = next.text.slice(0, BODY_MAX);
    setBody(inserted);
    // After the dialog has handed focus back to its button; keys typed into the box meanwhile
    // stay where the person put them (moving the caret then split what they typed).
    setTimeout(() => {
      const el = box.current;
      if (!el || el.value !== inserted) return;
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    }, 30);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return setError(tv('required'));
    setBusy(true);
    setError(undefined);
    const sent = body;
    try {
      await onSend(sent.trim(), note, files);
      // Only what was sent is cleared: text typed meanwhile stays.
      setBody((current) => (current === sent ? '' : current));
      setFiles([]);
    } catch (err) {
      if (err instanceof ApiError && err.fields.body) setError(err.fields.body);
      showError(err, te);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      className={`mt-4 rounded-card border p-3 ${note ? 'border-amber-400 dark:border-amber-700' : 'border-line'}`}
      data-testid="request-composer"
    >
      {staff && (
        <div role="radiogroup" aria-label={t('thread')} className="mb-2 flex gap-4 text-sm">
          {(['reply', 'note'] as const).map((m) => (
            <label key={m} className="flex items-center gap-1.5">
              <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
              {t(m)}
            </label>
          ))}
        </div>
      )}
      <label htmlFor={`${id}-body`} className="sr-only">
        {note ? t('note') : t('reply')}
      </label>
      <textarea
        ref={box}
        id={`${id}-body`}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={4}
        maxLength={BODY_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="w-full rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent aria-[invalid=true]:border-red-600"
        data-testid="composer-body"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {staff ? (note ? t('noteHint') : t('replyHint')) : t('filesHint')}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex max-w-full flex-wrap items-center gap-2">
          <FileInput
            multiple
            className="max-w-full"
            aria-label={t('files')}
            chosen={files.map((f) => f.name)}
            onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, REQUEST_FILES_MAX))}
          />
          {placeholders && (
            <button type="button" className={secondaryButton} onClick={() => setPicking(true)} data-testid="insert-canned">
              {t('insertCanned')}
            </button>
          )}
        </div>
        <button type="submit" disabled={busy} className={primaryButton} data-testid="composer-send">
          {note ? t('sendNote') : t('send')}
        </button>
      </div>
      {picking && placeholders && <CannedPicker values={placeholders} onInsert={insert} onClose={() => setPicking(false)} />}
    </form>
  );
}
