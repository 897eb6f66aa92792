'use client';

import { useId, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFrame, selectClass, wiring } from '@/lib/forms/fields';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & {
  label: string;
  registration: UseFormRegisterReturn;
  hint?: string;
  error?: string;
};

/** A labelled multi-line input in the frame TextField uses, wired the same way. */
export function TextAreaField({ label, registration, hint, error, required, ...rest }: Props) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...rest} {...registration} {...wiring(id, { hint, error, required })} className={`${selectClass} min-h-32 resize-y`} />
    </FieldFrame>
  );
}
