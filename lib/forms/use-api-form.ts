'use client';

import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';
import { ApiError, showError } from '../http/api-client';
import { useText } from '../i18n/client';
import { whenIdle } from '../shell/idle';
import { translateToken } from '../validation/messages';

type Schema = z.core.$ZodType<FieldValues, FieldValues>;

export type ApiFormOptions<S extends Schema> = {
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the valid values; throwing (an ApiError) puts the server's field errors on the form. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** After any failed submit, e.g. to ask for a fresh captcha. */
  onFailure?: (error: unknown) => void;
  /** For a schema built from values (the address on file): another key loads it anew. */
  schemaKey?: string;
};

/**
 * react-hook-form with a shared schema, plus what every form here does with the server:
 * its `data.fields` set on the matching fields, its message through the alert stack.
 * `errorOf(name)` is the field's error in the user's language; `bind(name)` is what a field
 * component takes for it (its registration and that error).
 */
export function useApiForm<S extends Schema>(loadSchema: () => Promise<S>, options: ApiFormOptions<S>) {
  // The schema and zod come as a chunk of their own (about 20 kB gzip): asked for once the
  // page is idle, awaited by the first validation, so they never weigh on the first load.
  const resolver = useRef<{ key?: string; ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> } | null>(null);
  const loadResolver = () => {
    if (!resolver.current || resolver.current.key !== options.schemaKey) {
      const entry = {
        key: options.schemaKey,
        ready: Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema as never) as never),
      };
      // A chunk that failed to arrive (offline) is asked for again by the next validation.
      entry.ready.catch(() => {
        if (resolver.current === entry) resolver.current = null;
      });
      resolver.current = entry;
    }
    return resolver.current.ready;
  };
  useEffect(() => whenIdle(() => void loadResolver(), 2000));
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: async (values, context, opts) => (await loadResolver())(values, context, opts),
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
