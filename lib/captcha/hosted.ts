import { createHash } from 'node:crypto';
import { logger } from '../log/logger';
import type { Claim } from './replay';
import type { HostedProvider } from './schemas';
import { errorText } from '../log/error-text';

const SITEVERIFY: Record<HostedProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};
const TIMEOUT_MS = 8_000;
/** Longer than either provider keeps a token valid (Turnstile 300 s, hCaptcha less). */
const TOKEN_LIFETIME_MS = 5 * 60 * 1000;

type Options = { secret: string; siteKey: string; ip?: string };

/**
 * Asks the provider whether the token is genuine. Any failure, including the provider
 * being unreachable, counts as not solved: there is no way around the captcha.
 */
export async function checkHostedToken(provider: HostedProvider, token: string, options: Options): Promise<Claim | null> {
  const form = new URLSearchParams({ secret: options.secret, response: token });
  if (options.ip && options.ip !== '0.0.0.0') form.set('remoteip', options.ip);
  // hCaptcha checks the token was issued for our site key when it is sent.
  if (provider === 'hcaptcha') form.set('sitekey', options.siteKey);
  try {
    const res = await fetch(SITEVERIFY[provider], { method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) {
      logger.warn({ provider, status: res.status }, 'captcha siteverify refused the request');
      return null;
    }
    const answer = (await res.json()) as { success?: unknown };
    if (answer?.success !== true) return null;
  } catch (error) {
    logger.warn({ provider, err: errorText(error) }, 'captcha siteverify unreachable');
    return null;
  }
  return {
    id: `${provider}:${createHash('sha256').update(token).digest('hex')}`,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
  };
}
