import type { CaptchaAnswer } from '@/lib/captcha/schemas';

export const CAPTCHA_URL = '/api/auth/captcha';

/** Asks the server which captcha to show; for ALTCHA the answer is already a challenge. */
export async function fetchCaptchaAnswer(signal: AbortSignal): Promise<CaptchaAnswer> {
  const res = await fetch(CAPTCHA_URL, { cache: 'no-store', credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`captcha: ${res.status}`);
  const body = (await res.json()) as CaptchaAnswer;
  if (body?.provider !== 'altcha' && body?.provider !== 'turnstile' && body?.provider !== 'hcaptcha') throw new Error('captcha: unknown provider');
  return body;
}

/**
 * The first challenge came with the answer, so the widget can start on it instead of
 * asking again; one about to expire is not worth solving, and the widget fetches anew.
 */
export function firstChallengeSource(answer: Extract<CaptchaAnswer, { provider: 'altcha' }>, now = Date.now()): string {
  const expiresAt = Number(answer.parameters.expiresAt) * 1000;
  return expiresAt - now > 60_000 ? JSON.stringify({ parameters: answer.parameters, signature: answer.signature }) : CAPTCHA_URL;
}
