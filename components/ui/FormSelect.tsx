'use client';

import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldFrame } from '@/lib/forms/fields';
import { Select, type SelectOption } from './Select';

/**
 * A labelled select (Radix, loaded lazily by `Select`) bound to a react-hook-form field: the
 * frame's label, hint and error are wired to the trigger as for a text field. `onPick` runs
 * after the field took the new value (e.g. to fill another field from the choice).
 */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  error,
  hint,
  required,
  placeholder,
  testId,
  onPick,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly SelectOption[];
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  testId?: string;
  onPick?: (value: string) => void;
}) {
  const id = useId();
  const described = [hint !== undefined ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            id={id}
            ref={field.ref}
            value={String(field.value ?? '')}
            onChange={(value) => {
              field.onChange(value);
              onPick?.(value);
            }}
            onBlur={field.onBlur}
            options={options}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={described || undefined}
            aria-required={required || undefined}
            testId={testId}
          />
        )}
      />
    </FieldFrame>
  );
}
