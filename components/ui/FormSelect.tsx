'use client';

import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldFrame } from '@/lib/forms/fields';
import { Select, type SelectOption } from './Select';

/**
 * A labelled select (Radix, loaded lazily by `Select`) bound to a react-hook-form field: the
 * frame's label, hint and error are wired to the trigger as for a text field. `onPick` runs
 * after the field took the new value (e.g. to fill another field from the choice).
 * `emptyAsNull`: the option '' stands for a null field (an optional reference).
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
  disabled,
  emptyAsNull,
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
  disabled?: boolean;
  emptyAsNull?: boolean;
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
              field.onChange(emptyAsNull && value === '' ? null : value);
              onPick?.(value);
            }}
            onBlur={field.onBlur}
            disabled={disabled}
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
