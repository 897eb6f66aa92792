'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import type { z } from 'zod/mini';
import { ApiError, showError } from '../http/api-client';
import { useText } from '../i18n/client';
import { translateToken } from '../validation/messages';

type Schema = z.core.$ZodType<FieldValues, FieldValues>;

export type ApiFormOptions<S extends Schema> = {
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the valid values; throwing (an ApiError) puts the server's field errors on the form. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** After any failed submit, e.g. to ask for a fresh captcha. */
  onFailure?: (error: unknown) => void;
};

/**
 * react-hook-form with a shared schema, plus what every form here does with the server:
 * its `data.fields` set on the matching fields, its message through the alert stack.
 * `errorOf(name)` is the field's error in the user's language; `bind(name)` is what a field
 * component takes for it (its registration and that error).
 */
export function useApiForm<S extends Schema>(schema: S, options: ApiFormOptions<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const tv = useText('validation');
  const te = useText('errors');

  const submit = form.handleSubmit(async (values) => {
    try {
      await options.onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError) {
        Object.entries(error.fields).forEach(([name, message], i) =>
          form.setError(name as FieldPath<z.input<S>>, { type: 'server', message }, { shouldFocus: i === 0 }),
        );
      }
      showError(error, te);
      options.onFailure?.(error);
    }
  });

  const errorOf = (name: string): string | undefined => {
    const entry = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors);
    const message = (entry as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? translateToken(message, tv) : undefined;
  };

  const bind = (name: FieldPath<z.input<S>>) => ({ registration: form.register(name), error: errorOf(name) });

  return { form, submit, errorOf, bind, busy: form.formState.isSubmitting };
}
