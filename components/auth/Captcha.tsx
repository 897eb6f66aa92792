'use client';

import { useEffect, useRef, useState } from 'react';
import type { CaptchaAnswer } from '@/lib/captcha/schemas';
import { useText } from '@/lib/i18n/client';
import { fetchCaptchaAnswer, firstChallengeSource, type CaptchaLink } from './captcha-api';
import { AltchaCaptcha } from './captcha-altcha';
import { HostedCaptcha } from './captcha-hosted';

type Props = {
  /** A code for the form's `captchaCode` once solved; null whenever there is none to send. */
  onChange: (code: string | null) => void;
  /** Bump after each submit: codes are single-use, so the widget starts over. */
  resetKey: number;
  /** How a form sent before the check ended waits for its code. */
  link: CaptchaLink;
  /** The id of the error shown under the widget, if any. */
  describedBy?: string;
};

/**
 * The captcha for the account forms. It asks GET /api/auth/captcha which provider the
 * server uses (ALTCHA's answer doubles as its first challenge) and shows that widget.
 * Needs the `captcha` message namespace on the page.
 */
export function Captcha({ onChange, resetKey, link, describedBy }: Props) {
  const t = useText('captcha');
  const [answer, setAnswer] = useState<CaptchaAnswer | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  // The form asks for its code through `link`, so the browser's own check must not stand
  // in the way: ALTCHA's checkbox is `required` while it verifies, and a form that lets the
  // browser validate would drop the submit (with a bubble at best) before its handler could
  // queue it.
  useEffect(() => {
    const form = box.current?.closest('form');
    if (form) form.noValidate = true;
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchCaptchaAnswer(controller.signal).then(setAnswer, () => !controller.signal.aborted && setUnavailable(true));
    return () => controller.abort();
  }, [attempt]);

  // While there is no captcha, a form waiting for its code (or sent meanwhile) hears so at once.
  useEffect(() => {
    if (!unavailable) return;
    return link.serve(() => {
      link.failed();
      return true;
    });
  }, [unavailable, link]);

  const retry = () => {
    setUnavailable(false);
    setAnswer(null);
    setAttempt((n) => n + 1);
  };
  const lost = () => {
    onChange(null);
    setUnavailable(true);
  };

  let body;
  if (unavailable) {
    body = (
      <p role="alert" className="text-sm">
        {t('unavailable')}{' '}
        <button type="button" onClick={retry} className="font-medium text-accent underline underline-offset-2">
          {t('retry')}
        </button>
      </p>
    );
  } else if (!answer) {
    body = <p className="flex min-h-12 items-center text-sm text-muted">{t('loading')}</p>;
  } else if (answer.provider === 'altcha') {
    body = <AltchaCaptcha challenge={firstChallengeSource(answer)} onCode={onChange} resetKey={resetKey} onUnavailable={lost} link={link} />;
  } else {
    body = <HostedCaptcha provider={answer.provider} siteKey={answer.siteKey} onCode={onChange} resetKey={resetKey} onUnavailable={lost} link={link} />;
  }

  return (
    <div ref={box} role="group" aria-label={t('label')} aria-describedby={describedBy} className="w-full max-w-sm">
      {body}
    </div>
  );
}
