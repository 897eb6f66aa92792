'use client';

import dynamic from 'next/dynamic';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { secondaryButton } from '@/components/ui/buttons';
import { imageMarkdown } from '@/lib/blog/body-images';
import { COVER_MAX_BYTES, POST_BODY_MAX } from '@/lib/blog/limits';
import { readingMinutes } from '@/lib/blog/reading-time';
import { FieldError, selectClass, wiring } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';

const ImageAltDialog = dynamic(() => import('./ImageAltDialog').then((m) => m.ImageAltDialog), { ssr: false });

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

type Props = { id: string; label: string; registration: UseFormRegisterReturn; error?: string; body: string; onChange: (next: string) => void };

/**
 * The post's Markdown with its images: pasted, dropped or picked, each is described, uploaded
 * like a cover and inserted where the caret was as `![description](url)`. The reading time
 * under it follows the text as it is typed.
 */
export function BodyField({ id, label, registration, error, body, onChange }: Props) {
  const t = useText('blog');
  const area = useRef<HTMLTextAreaElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ file: File; start: number; end: number } | null>(null);
  const [problem, setProblem] = useState('');

  const take = (file: File | undefined) => {
    if (!file) return false;
    setProblem('');
    if (!TYPES.includes(file.type)) setProblem(t('errors.coverType'));
    else if (file.size > COVER_MAX_BYTES) setProblem(t('errors.coverTooLarge', { max: COVER_MAX_BYTES / 1024 / 1024 }));
    else {
      const el = area.current;
      setPending({ file, start: el?.selectionStart ?? body.length, end: el?.selectionEnd ?? body.length });
    }
    return true;
  };
  const imageOf = (files: FileList | undefined) => [...(files ?? [])].find((f) => f.type.startsWith('image/'));
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (take(imageOf(e.clipboardData?.files))) e.preventDefault();
  };
  const onDrop = (e: DragEvent<HTMLTextAreaElement>) => {
    if (take(imageOf(e.dataTransfer?.files))) e.preventDefault();
  };
  const insert = (url: string, alt: string) => {
    if (!pending) return;
    const text = imageMarkdown(alt, url);
    onChange(body.slice(0, pending.start) + text + body.slice(pending.end));
    const caret = pending.start + text.length;
    setPending(null);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(caret, caret);
    });
  };

  const hint = `${id}-images`;
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <button type="button" className={secondaryButton} onClick={() => picker.current?.click()} data-testid="blog-image-pick">
          {t('editor.imageButton')}
        </button>
        <input
          ref={picker}
          type="file"
          accept={TYPES.join(',')}
          // Opened by the button above; out of the page's order and of assistive technology.
          hidden
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="blog-image-input"
        />
      </div>
      <textarea
        rows={16}
        maxLength={POST_BODY_MAX}
        className={`${selectClass} font-mono`}
        {...wiring(id, { error })}
        aria-describedby={[hint, error && `${id}-error`].filter(Boolean).join(' ')}
        {...registration}
        ref={(el) => {
          registration.ref(el);
          area.current = el;
        }}
        onPaste={onPaste}
        // A file dragged over the text is ours to take, not the browser's to open.
        onDragOver={(e) => e.dataTransfer?.types.includes('Files') && e.preventDefault()}
        onDrop={onDrop}
        data-testid="blog-body"
      />
      <p id={hint} className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-muted">
        <span>{t('editor.imageHint')}</span>
        <span data-testid="blog-editor-reading-time">{t('readingTime', { minutes: readingMinutes(body) })}</span>
      </p>
      {problem && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert" data-testid="blog-image-problem">
          {problem}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
      {pending && <ImageAltDialog file={pending.file} onDone={insert} onClose={() => setPending(null)} />}
    </div>
  );
}
