'use client';

import { useId, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, selectClass } from '@/lib/forms/fields';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & { label: string; registration: UseFormRegisterReturn; hint?: string; error?: string };

/** A labelled multi-line input with its hint and error, wired like TextField. */
export function TextAreaField({ label, registration, hint, error, ...rest }: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea {...rest} {...registration} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} className={`${selectClass} min-h-32 resize-y`} />
      {hint && (
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
