'use client';

import { useEffect, useEffectEvent, useRef } from 'react';
import type { HostedProvider } from '@/lib/captcha/schemas';
import { useLocale } from '@/lib/i18n/client';
import type { CaptchaLink } from './captcha-api';

/** The part of Turnstile's and hCaptcha's browser API used here (they share its shape). */
type HostedApi = {
  render: (el: HTMLElement, options: Record<string, unknown>) => string;
  reset: (id: string) => void;
  remove: (id: string) => void;
};

const SCRIPTS: Record<HostedProvider, (locale: string) => string> = {
  turnstile: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  // hCaptcha takes its language when the script loads, not per widget.
  hcaptcha: (locale) => `https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off&hl=${locale}`,
};

// One script per provider and page life, whatever the language it was first loaded in.
const loading = new Map<HostedProvider, Promise<void>>();

function loadScript(provider: HostedProvider, src: string): Promise<void> {
  let pending = loading.get(provider);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(provider);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(provider, pending);
  }
  return pending;
}

function api(provider: HostedProvider): HostedApi | undefined {
  return (window as unknown as Record<string, HostedApi | undefined>)[provider];
}

/**
 * Cloudflare Turnstile or hCaptcha, loaded from the provider only on pages that show it.
 * Their puzzles may need the person, so a form sent without a token is not kept waiting:
 * it says what is missing.
 */
export function HostedCaptcha({
  provider,
  siteKey,
  onCode,
  resetKey,
  onUnavailable,
  link,
}: {
  provider: HostedProvider;
  siteKey: string;
  onCode: (code: string | null) => void;
  resetKey: number;
  onUnavailable: () => void;
  link: CaptchaLink;
}) {
  const locale = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  // Called by the provider's script long after the render that passed them.
  const changed = useEffectEvent((token: string | null) => onCode(token));
  const lost = useEffectEvent(() => onUnavailable());

  useEffect(() => link.serve(() => false), [link]);

  useEffect(() => {
    let cancelled = false;
    const cleared = () => changed(null);
    loadScript(provider, SCRIPTS[provider](locale)).then(
      () => {
        const provided = api(provider);
        if (cancelled || !host.current || !provided) return;
        widgetId.current = provided.render(host.current, {
          sitekey: siteKey,
          theme: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
          callback: (token: string) => changed(token),
          'expired-callback': cleared,
          'error-callback': cleared,
          ...(provider === 'turnstile' ? { language: locale, size: 'flexible', 'timeout-callback': cleared } : { 'chalexpired-callback': cleared }),
        });
      },
      () => !cancelled && lost(),
    );
    return () => {
      cancelled = true;
      if (widgetId.current !== null) api(provider)?.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [provider, siteKey, locale]);

  const restart = useEffectEvent(() => {
    onCode(null);
    if (widgetId.current !== null) api(provider)?.reset(widgetId.current);
  });
  const seenResetKey = useRef(resetKey);
  useEffect(() => {
    if (seenResetKey.current === resetKey) return;
    seenResetKey.current = resetKey;
    restart();
  }, [resetKey]);

  return <div ref={host} className="min-h-16 max-w-full overflow-x-auto" />;
}
