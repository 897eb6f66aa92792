'use client';

import { useCallback, useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { FieldError } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { Captcha } from './Captcha';
import type { CaptchaLink } from './captcha-api';
import { useCaptchaGate } from './use-captcha-gate';

/** The part of a react-hook-form form whose schema has a `captchaCode` field (among `Name`s). */
type CaptchaForm<Name extends string> = {
  setValue: (name: 'captchaCode', value: string, options: { shouldValidate: boolean }) => void;
  getValues: () => Partial<Record<Name, unknown>>;
  trigger: (names: Name[], options: { shouldFocus: boolean }) => Promise<boolean>;
  setError: (name: 'captchaCode', error: { type: string; message: string }) => void;
  clearErrors: (name: 'captchaCode') => void;
  formState: { isSubmitted: boolean };
};

/**
 * Wires the widget to the form's `captchaCode`. Codes are single-use: call `reset` after
 * any failed submit, and the form forgets its code while the widget starts a new challenge.
 * Send the form through `whenSolved(submit)`: a submit that comes while the check is still
 * running (or before it could start, as after the browser filled the fields in) waits for
 * its code instead of calling the captcha a missing field; `waiting` is true meanwhile.
 */
export function useCaptcha<Name extends string>(form: CaptchaForm<Name>) {
  const t = useText('captcha');
  const sending = useRef(false);
  const failedText = t('status.failed');
  const latest = useRef({ form, failedText });
  useLayoutEffect(() => {
    latest.current = { form, failedText };
  });
  // Once a submit has shown the field's error, a new code clears it at once. A code taken
  // away (a reset after a refused submit) is not validated: the next submit waits for the
  // fresh check, so "required" under a widget that is already solving again would be false.
  const gate = useCaptchaGate(
    useCallback((code: string) => {
      const current = latest.current.form;
      if (code) current.clearErrors('captchaCode');
      current.setValue('captchaCode', code, { shouldValidate: Boolean(code) && current.formState.isSubmitted });
    }, []),
  );
  const { take } = gate;

  const whenSolved = useCallback(
    (submit: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending.current) return;
      const current = latest.current.form;
      if ((current.getValues() as { captchaCode?: unknown }).captchaCode) return submit();
      sending.current = true;
      try {
        // The other fields' mistakes are shown at once; the form is sent only without them.
        const others = (Object.keys(current.getValues()) as Name[]).filter((name) => name !== 'captchaCode');
        if (others.length > 0 && !(await current.trigger(others, { shouldFocus: true }))) return;
        const outcome = await take();
        if (outcome.code === null && outcome.failed) latest.current.form.setError('captchaCode', { type: 'captcha', message: latest.current.failedText });
        // With a code, or with nothing to wait for (a hosted puzzle the person has not done: the form says so).
        else await submit();
      } finally {
        sending.current = false;
      }
    },
    [take],
  );

  return { reset: gate.reset, whenSolved, waiting: gate.waiting, busyLabel: gate.waiting ? t('waiting') : undefined, field: gate.field };
}

export function CaptchaField({
  resetKey,
  onChange,
  link,
  error,
}: {
  resetKey: number;
  onChange: (code: string | null) => void;
  link: CaptchaLink;
  error?: string;
}) {
  const id = useId();
  return (
    <div data-testid="captcha-field">
      <Captcha onChange={onChange} resetKey={resetKey} link={link} describedBy={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
