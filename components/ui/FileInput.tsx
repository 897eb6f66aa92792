'use client';

import { useEffect, useId, useRef, useState, useSyncExternalStore, type InputHTMLAttributes } from 'react';
import { useText } from '@/lib/i18n/client';
import { secondaryButton } from './buttons';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  /**
   * The names to show as chosen when the parent holds the files; without it, the input's own
   * last pick. When the parent drops them (a send, an undo, a refused pick) the input is emptied
   * too, so picking the same file again is a change.
   */
  chosen?: readonly string[];
  className?: string;
};

const noSubscription = () => () => {};

/**
 * A file input that speaks the page's language: the browser's own control says "Choose File"
 * and "No file chosen" in the browser's. The native input stays (visually hidden, still
 * focusable and labelled by the caller) so forms, the keyboard and screen readers work as
 * before. Its face is a <label> for it, so it opens the picker even before (or without) the
 * page's JavaScript; the names chosen describe it once the page runs. Callers label it with
 * their own `<label htmlFor>` or `aria-label`, never by wrapping it in a <label>.
 */
export function FileInput({ chosen, className = '', multiple, onChange, id, ...input }: Props) {
  const t = useText('shell');
  const ownId = useId();
  const inputId = id ?? ownId;
  const statusId = `${inputId}-chosen`;
  const [picked, setPicked] = useState<string[]>([]);
  // Without JavaScript the names never update, so they show only once the page runs.
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const own = useRef<HTMLInputElement | null>(null);
  const dropped = chosen?.length === 0;
  // After every render: the parent's choice is the truth, and it may have just let go.
  useEffect(() => {
    if (dropped && own.current?.files?.length) own.current.value = '';
  });
  const names = chosen ?? picked;
  const status = names.length === 0 ? t('noFileChosen') : names.length === 1 ? names[0] : t('filesChosen', { count: names.length });

  return (
    <span className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm ${className}`}>
      <input
        {...input}
        id={inputId}
        ref={own}
        type="file"
        multiple={multiple}
        aria-describedby={[input['aria-describedby'], running ? statusId : undefined].filter(Boolean).join(' ') || undefined}
        className="peer sr-only"
        onChange={(e) => {
          setPicked([...(e.target.files ?? [])].map((f) => f.name));
          onChange?.(e);
        }}
      />
      {/* The input itself takes the keyboard and names itself; this is its face for the pointer. */}
      <label
        htmlFor={inputId}
        aria-hidden="true"
        className={`${secondaryButton} cursor-pointer py-1.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        {t(multiple ? 'chooseFiles' : 'chooseFile')}
      </label>
      {running && (
        <span id={statusId} className="min-w-0 truncate text-muted">
          {status}
        </span>
      )}
    </span>
  );
}
