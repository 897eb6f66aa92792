'use client';

import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLeaveGuard } from '@/lib/forms/use-leave-guard';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Select } from '@/components/ui/Select';
import { useLocale, useText } from '@/lib/i18n/client';
import { locales } from '@/lib/i18n/locales';
import { pathFor } from '@/lib/routes/match';

/** Asks before unsaved edits are dropped; true when there are none or the user agrees. */
export function mayLeave(dirty: boolean, message: string): boolean {
  return !dirty || window.confirm(message);
}

/**
 * The frame of both editors: heading, the form's fields, Cancel and Save. While the form
 * holds unsaved edits, leaving the page or cancelling asks first.
 */
export function EditorShell({
  title,
  dirty,
  busy,
  isNew,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  dirty: boolean;
  busy: boolean;
  isNew: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useText('rootContent');
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useLeaveGuard(dirty && !busy, t('leaveConfirm'), pathFor('rootContent', locale));
  // The list this replaces had the focus; the editor's heading takes it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="content-editor-title" className="space-y-5" data-testid="content-editor">
      <h2 id="content-editor-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {children}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={primaryButton} data-testid="content-save">
            {busy ? t('saving') : isNew ? t('create') : t('save')}
          </button>
          <button type="button" disabled={busy} onClick={() => mayLeave(dirty, t('leaveConfirm')) && onCancel()} className={secondaryButton}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The content's language. */
export function LocaleSelect({ value, onChange, error }: { value: string; onChange: (locale: string) => void; error?: string }) {
  const t = useText('rootContent');
  const id = useId();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('locale')}
      </label>
      <Select
        id={id}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        options={locales.map((l) => ({ value: l, label: t(l) }))}
        testId="content-locale-select"
      />
    </div>
  );
}

/** Published or draft, as a checkbox with its hint. */
export function PublishedBox({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useText('rootContent');
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-3">
        <input id={id} type="checkbox" {...registration} aria-describedby={`${id}-hint`} className="size-5 accent-accent" data-testid="content-published" />
        <label htmlFor={id} className="text-sm font-medium">
          {t('publishedField')}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t('publishedHint')}
      </p>
    </div>
  );
}
