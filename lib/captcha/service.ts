import type { Db } from '../db/client';
import { env } from '../env';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import { checkAltchaCode, createAltchaChallenge } from './altcha';
import { checkHostedToken } from './hosted';
import { claimOnce } from './replay';
import { MAX_CAPTCHA_CODE_LENGTH } from './limits';
import type { CaptchaAnswer } from './schemas';

/**
 * GET /api/auth/captcha's answer. With ALTCHA, a fresh signed challenge (counted against
 * the caller's address, since each costs a key derivation); with a hosted provider, the
 * site key its widget needs.
 */
export async function captchaAnswer(db: Db, ip: string): Promise<CaptchaAnswer> {
  const e = env();
  if (e.CAPTCHA_PROVIDER !== 'altcha') return { provider: e.CAPTCHA_PROVIDER, siteKey: e.CAPTCHA_SITE_KEY! };
  await enforce(db, `captcha:${ip}`, LIMITS.captcha);
  const challenge = await createAltchaChallenge();
  return { provider: 'altcha', parameters: { ...challenge.parameters }, signature: challenge.signature! };
}

/**
 * True once for a code the configured provider accepts: a wrong, tampered, expired,
 * malformed or already used code is false, never an exception.
 */
export async function verifyCaptcha(db: Db, code: string, ip?: string): Promise<boolean> {
  if (typeof code !== 'string' || code.length === 0 || code.length > MAX_CAPTCHA_CODE_LENGTH) return false;
  const e = env();
  const claim =
    e.CAPTCHA_PROVIDER === 'altcha'
      ? await checkAltchaCode(code)
      : await checkHostedToken(e.CAPTCHA_PROVIDER, code, { secret: e.CAPTCHA_SECRET!, siteKey: e.CAPTCHA_SITE_KEY!, ip });
  return claim !== null && (await claimOnce(db, claim.id, claim.expiresAt));
}

/** For routes behind the captcha: a 400 naming the captcha field unless the code verifies. */
export async function requireCaptcha(db: Db, code: string, ip: string): Promise<void> {
  if (!(await verifyCaptcha(db, code, ip))) throw new HttpError(400, 'captchaFailed', { captchaCode: 'captchaFailed' });
}
