'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CaptchaLink, type CaptchaOutcome } from './captcha-api';

/**
 * What every form behind the human check shares, whatever holds its fields: the widget's
 * wiring (`field`), the current code, and `take()`, which a submit awaits for its code. A
 * submit made while the check still runs (or before the widget could start it) waits for
 * the check's end instead of being lost; `waiting` is true meanwhile, so the form can say
 * it is verifying. Codes are single-use: `reset()` after any refused submit.
 */
export function useCaptchaGate(onCode?: (code: string) => void) {
  const [link] = useState(() => new CaptchaLink());
  const [resetKey, setResetKey] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const code = useRef('');
  // The form's own handler may change on every render; the widget is wired once.
  const notify = useRef(onCode);
  useLayoutEffect(() => {
    notify.current = onCode;
  });

  const setCode = useCallback((next: string) => {
    code.current = next;
    notify.current?.(next);
  }, []);
  const onChange = useCallback((next: string | null) => setCode(next ?? ''), [setCode]);
  const reset = useCallback(() => {
    setCode('');
    setResetKey((k) => k + 1);
  }, [setCode]);

  const take = useCallback(async (): Promise<CaptchaOutcome> => {
    if (code.current) return { code: code.current };
    setWaiting(true);
    try {
      const outcome = await link.request();
      if (outcome.code !== null) setCode(outcome.code);
      return outcome;
    } finally {
      setWaiting(false);
    }
  }, [link, setCode]);

  return { take, reset, waiting, code, setCode, field: { resetKey, onChange, link } };
}
