'use client';

import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useText } from '../i18n/client';

const INPUT =
  'border-line bg-surface w-full rounded-control border px-3 py-2 text-sm aria-[invalid=true]:border-red-600 focus-visible:border-accent disabled:opacity-60';

/** The ids a control points at with aria-describedby, present only when shown. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-400" data-testid="field-error">
      {message}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
};

/** Label above, hint and error below: the frame every field shares. */
export function FieldFrame({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The attributes that tie an input to its frame's hint and error. */
export function wiring(id: string, { hint, error, required }: Pick<InputProps, 'hint' | 'error' | 'required'>) {
  return {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`),
  } as const;
}

/** A labelled input with its hint and error below, wired for screen readers. */
export function TextField({ label, registration, error, hint, required, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input {...input} {...registration} {...wiring(id, { hint, error, required })} className={INPUT} />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle that keeps the caret and focus where they are. */
export function PasswordField(props: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const t = useText('ui');
  const { label, registration, error, hint, required, ...input } = props;
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          {...input}
          {...registration}
          {...wiring(id, { hint, error, required })}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
          className={`${INPUT} pr-28`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={id}
          className="absolute inset-y-1 right-1 rounded px-2 text-xs font-medium text-accent hover:bg-surface-2"
        >
          {visible ? t('hidePassword') : t('showPassword')}
        </button>
      </div>
    </FieldFrame>
  );
}

/** Disabled and marked busy while the form is being sent. */
export function SubmitButton({ busy, children, disabled, busyLabel }: { busy: boolean; children: ReactNode; disabled?: boolean; busyLabel?: string }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className="inline-flex w-full items-center justify-center gap-2 rounded-control bg-primary px-4 py-2 font-medium text-white hover:bg-primary-shade disabled:cursor-not-allowed disabled:opacity-60"
      data-testid="submit"
    >
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** Shared look for selects and other inputs next to TextField. */
export const selectClass = INPUT;
export const inputClass = INPUT;

/** A field's registration and error, as useApiForm's `bind(name)` gives them. */
type Bound = { registration: UseFormRegisterReturn; error?: string };

type PasswordPair = { label: string; confirmLabel: string; hint: ReactNode; password: Bound; confirm: Bound };

/** A new password with its rules as a hint, then its repetition: every form that sets one. */
export function NewPasswordFields({ label, confirmLabel, hint, password, confirm }: PasswordPair) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" required hint={hint} {...password} />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...confirm} />
    </>
  );
}
