'use client';

import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Select, type SelectOption } from '@/components/ui/Select';
import { FieldFrame } from '@/lib/forms/fields';

/** A labelled Radix select bound to a react-hook-form field. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  error,
  testId,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
  error?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            id={id}
            ref={field.ref}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={options}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            testId={testId}
          />
        )}
      />
    </FieldFrame>
  );
}
