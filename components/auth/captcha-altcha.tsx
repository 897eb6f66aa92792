'use client';

import type { AltchaWidgetElement } from 'altcha';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocale, useText } from '@/lib/i18n/client';
import { CAPTCHA_URL, type CaptchaLink } from './captcha-api';
import styles from './captcha.module.css';

type StateDetail = { state: string; payload?: string | null };

/** What the status line under the widget says. */
type Phase = 'idle' | 'verifying' | 'verified' | 'failed' | 'expired';

const WIDGET_STRINGS = [
  'label',
  'verifying',
  'verified',
  'error',
  'expired',
  'verificationRequired',
  'waitAlert',
  'ariaLinkLabel',
  'loading',
  'reload',
  'verify',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'getAudioChallenge',
] as const;

/** Every later verification fetches a fresh challenge: a code is accepted only once. */
function askForFreshChallenges(el: AltchaWidgetElement | null) {
  el?.setAttribute('challenge', CAPTCHA_URL);
  void el?.configure?.({ challenge: CAPTCHA_URL });
}

/** Starts a check unless one is running. The widget's methods exist once it has mounted. */
function check(el: AltchaWidgetElement | null) {
  if (el?.getState && el.getState() !== 'verifying') void el.verify?.();
}

/**
 * The self-hosted proof of work. The widget (a web component) is imported only here, when
 * a form shows it, and starts solving as soon as it appears, in Web Workers; a line under
 * it says how the check is going (visibly and, politely, to screen readers). A form that
 * is sent before the check ends waits for it through `link`.
 */
export function AltchaCaptcha({
  challenge,
  onCode,
  resetKey,
  onUnavailable,
  link,
}: {
  challenge: string;
  onCode: (code: string | null) => void;
  resetKey: number;
  onUnavailable: () => void;
  link: CaptchaLink;
}) {
  const t = useText('captcha');
  const locale = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // The challenge that came with the answer serves one attempt, even if the widget is rebuilt.
  const source = useRef(challenge);
  // The form hears about a change of code, not every step of the widget.
  const lastCode = useRef<string | null>(null);

  const emit = useEffectEvent((code: string | null) => {
    if (code === lastCode.current) return;
    lastCode.current = code;
    onCode(code);
  });
  // Read when the widget is built, so new text functions never rebuild it.
  const widgetText = useEffectEvent(() => ({
    strings: { ...Object.fromEntries(WIDGET_STRINGS.map((key) => [key, t(`widget.${key}`)])), footer: '' },
    validationMessage: t('widget.verificationRequired'),
  }));
  const settled = useEffectEvent((state: string, payload: string | null) => {
    const code = state === 'verified' && payload ? payload : null;
    emit(code);
    if (code) link.solved(code);
    else if (state === 'error') link.failed();
  });
  const expired = useEffectEvent((el: AltchaWidgetElement | null) => {
    // Back to unverified rather than the widget's "expired" state, so that the next focus
    // in the form (or a submit) solves a fresh challenge without a click.
    el?.reset?.();
    setPhase('expired');
    if (link.pending) check(el);
  });
  const lost = useEffectEvent(() => onUnavailable());

  useEffect(() => {
    let cancelled = false;
    let el: AltchaWidgetElement | null = null;

    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail;
      if (state !== 'unverified') {
        source.current = CAPTCHA_URL;
        askForFreshChallenges(el);
      }
      if (state === 'verifying') setPhase('verifying');
      else if (state === 'verified') setPhase('verified');
      else if (state === 'error') setPhase('failed');
      else if (state === 'unverified') setPhase((current) => (current === 'expired' ? current : 'idle'));
      settled(state, payload ?? null);
    };
    const onExpired = () => expired(el);
    // The check starts when the widget appears, not when the person first focuses the form.
    const onLoad = () => {
      if (el?.getState?.() === 'unverified') check(el);
    };

    import('altcha').then(
      () => {
        if (cancelled || !host.current) return;
        const text = widgetText();
        globalThis.$altcha.i18n.set(locale, text.strings);
        el = document.createElement('altcha-widget');
        el.setAttribute('challenge', source.current);
        // After an expiry, the next focus in the form checks again.
        el.setAttribute('auto', 'onfocus');
        el.setAttribute('language', locale);
        el.setAttribute('name', 'captchaCode');
        el.setAttribute(
          'configuration',
          JSON.stringify({ hideFooter: true, credentials: 'same-origin', humanInteractionSignature: false, validationMessage: text.validationMessage }),
        );
        el.addEventListener('statechange', onState);
        el.addEventListener('expired', onExpired);
        el.addEventListener('load', onLoad);
        host.current.appendChild(el);
        widget.current = el;
      },
      () => !cancelled && lost(),
    );
    return () => {
      cancelled = true;
      el?.removeEventListener('statechange', onState);
      el?.removeEventListener('expired', onExpired);
      el?.removeEventListener('load', onLoad);
      el?.remove();
      widget.current = null;
    };
  }, [locale]);

  // A form sent before the check ended asks through the link: the running check answers
  // it, or a new one starts (after an expiry, a failure, or before the form was touched).
  useEffect(
    () =>
      link.serve(() => {
        const el = widget.current;
        // Still loading: the widget starts checking as soon as it appears.
        if (!el?.getState) return true;
        if (el.getState() === 'verified' && lastCode.current) link.solved(lastCode.current);
        else check(el);
        return true;
      }),
    [link],
  );

  const restart = useEffectEvent(() => {
    const el = widget.current;
    emit(null);
    source.current = CAPTCHA_URL;
    if (!el) return;
    askForFreshChallenges(el);
    el.reset?.();
    // The used code is gone; solve the next one right away so the form is ready again.
    void el.verify?.();
  });
  const seenResetKey = useRef(resetKey);
  useEffect(() => {
    if (seenResetKey.current === resetKey) return;
    seenResetKey.current = resetKey;
    restart();
  }, [resetKey]);

  const status = phase === 'idle' ? '' : t(`status.${phase}`);
  return (
    <>
      <div ref={host} className={styles.widget} />
      <div className={styles.progress} data-active={phase === 'verifying' || undefined} aria-hidden="true" data-testid="captcha-progress" />
      <p role="status" aria-live="polite" className="mt-1 min-h-5 text-xs text-muted" data-testid="captcha-status" data-phase={phase}>
        {status}
      </p>
    </>
  );
}
