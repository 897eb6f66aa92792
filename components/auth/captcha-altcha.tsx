'use client';

import type { AltchaWidgetElement } from 'altcha';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useText } from '@/lib/i18n/client';
import { CAPTCHA_URL } from './captcha-api';
import styles from './captcha.module.css';

type StateDetail = { state: string; payload?: string | null };

const WIDGET_STRINGS = [
  'label', 'verifying', 'verified', 'error', 'expired', 'verificationRequired', 'waitAlert', 'ariaLinkLabel',
  'loading', 'reload', 'verify', 'cancel', 'enterCode', 'enterCodeAria', 'enterCodeFromImage', 'getAudioChallenge',
] as const;

/** Every later verification fetches a fresh challenge: a code is accepted only once. */
function askForFreshChallenges(el: AltchaWidgetElement | null) {
  el?.setAttribute('challenge', CAPTCHA_URL);
  void el?.configure?.({ challenge: CAPTCHA_URL });
}

/**
 * The self-hosted proof of work. The widget (a web component) is imported only here, when
 * a form shows it. It starts solving as soon as the form gets focus, in Web Workers.
 */
export function AltchaCaptcha({ challenge, onCode, resetKey, onUnavailable }: {
  challenge: string;
  onCode: (code: string | null) => void;
  resetKey: number;
  onUnavailable: () => void;
}) {
  const t = useText('captcha');
  const locale = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const [status, setStatus] = useState('');
  // The challenge that came with the answer serves one attempt, even if the widget is rebuilt.
  const source = useRef(challenge);
  // Read through refs so a new callback or text function never rebuilds the widget.
  const latest = useRef({ t, onCode, onUnavailable });
  latest.current = { t, onCode, onUnavailable };
  // The form hears about a change of code, not every step of the widget.
  const lastCode = useRef<string | null>(null);
  const emit = useRef((code: string | null) => {
    if (code === lastCode.current) return;
    lastCode.current = code;
    latest.current.onCode(code);
  }).current;

  useEffect(() => {
    let cancelled = false;
    let el: AltchaWidgetElement | null = null;
    const text = latest.current.t;

    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail;
      if (state !== 'unverified') {
        source.current = CAPTCHA_URL;
        askForFreshChallenges(el);
      }
      emit(state === 'verified' && payload ? payload : null);
      if (state === 'verified') setStatus(latest.current.t('status.verified'));
      else if (state === 'verifying') setStatus('');
    };
    // Back to unverified rather than the widget's "expired" state, so that the next focus
    // in the form solves a fresh challenge without a click.
    const onExpired = () => {
      el?.reset?.();
      setStatus(latest.current.t('status.expired'));
    };

    import('altcha').then(
      () => {
        if (cancelled || !host.current) return;
        const strings = Object.fromEntries(WIDGET_STRINGS.map((key) => [key, text(`widget.${key}`)]));
        globalThis.$altcha.i18n.set(locale, { ...strings, footer: '' });
        el = document.createElement('altcha-widget');
        el.setAttribute('challenge', source.current);
        el.setAttribute('auto', 'onfocus');
        el.setAttribute('language', locale);
        el.setAttribute('name', 'captchaCode');
        el.setAttribute(
          'configuration',
          JSON.stringify({ hideFooter: true, credentials: 'same-origin', humanInteractionSignature: false, validationMessage: text('widget.verificationRequired') }),
        );
        el.addEventListener('statechange', onState);
        el.addEventListener('expired', onExpired);
        host.current.appendChild(el);
        widget.current = el;
      },
      () => !cancelled && latest.current.onUnavailable(),
    );
    return () => {
      cancelled = true;
      el?.removeEventListener('statechange', onState);
      el?.removeEventListener('expired', onExpired);
      el?.remove();
      widget.current = null;
    };
  }, [locale, emit]);

  const seenResetKey = useRef(resetKey);
  useEffect(() => {
    if (seenResetKey.current === resetKey) return;
    seenResetKey.current = resetKey;
    const el = widget.current;
    emit(null);
    source.current = CAPTCHA_URL;
    if (!el) return;
    askForFreshChallenges(el);
    el.reset?.();
    // The used code is gone; solve the next one right away so the form is ready again.
    void el.verify?.();
  }, [resetKey, emit]);

  return (
    <>
      <div ref={host} className={styles.widget} />
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </>
  );
}
