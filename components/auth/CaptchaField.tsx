'use client';

import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError } from '@/lib/forms/fields';
import { Captcha } from './Captcha';

/**
 * Captcha codes are single-use: after any failed submit the form forgets its code and the
 * widget starts a new challenge.
 */
export function useCaptcha(setCode: (code: string) => void) {
  const [resetKey, setResetKey] = useState(0);
  // Stable callbacks, so the widget is not re-wired on every render of the form.
  const latest = useRef(setCode);
  useLayoutEffect(() => {
    latest.current = setCode;
  });
  const onChange = useCallback((code: string | null) => latest.current(code ?? ''), []);
  const reset = useCallback(() => {
    latest.current('');
    setResetKey((k) => k + 1);
  }, []);
  return { resetKey, onChange, reset };
}

export function CaptchaField({ resetKey, onChange, error }: { resetKey: number; onChange: (code: string | null) => void; error?: string }) {
  const id = useId();
  return (
    <div aria-describedby={error ? `${id}-error` : undefined} data-testid="captcha-field">
      <Captcha onChange={onChange} resetKey={resetKey} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
