'use client';

import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError } from '@/lib/forms/fields';
import { Captcha } from './Captcha';

/** The part of a react-hook-form form whose schema has a `captchaCode` field. */
type CaptchaForm = {
  setValue: (name: 'captchaCode', value: string, options: { shouldValidate: boolean }) => void;
  formState: { isSubmitted: boolean };
};

/**
 * Wires the widget to the form's `captchaCode`. Codes are single-use: call `reset` after
 * any failed submit, and the form forgets its code while the widget starts a new challenge.
 */
export function useCaptcha(form: CaptchaForm) {
  const [resetKey, setResetKey] = useState(0);
  // Stable callbacks, so the widget is not re-wired on every render of the form.
  const latest = useRef(form);
  useLayoutEffect(() => {
    latest.current = form;
  });
  // Once a submit has shown the field's error, a new code clears it at once.
  const setCode = useCallback((code: string) => latest.current.setValue('captchaCode', code, { shouldValidate: latest.current.formState.isSubmitted }), []);
  const onChange = useCallback((code: string | null) => setCode(code ?? ''), [setCode]);
  const reset = useCallback(() => {
    setCode('');
    setResetKey((k) => k + 1);
  }, [setCode]);
  return { reset, field: { resetKey, onChange } };
}

export function CaptchaField({ resetKey, onChange, error }: { resetKey: number; onChange: (code: string | null) => void; error?: string }) {
  const id = useId();
  return (
    <div data-testid="captcha-field">
      <Captcha onChange={onChange} resetKey={resetKey} describedBy={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
