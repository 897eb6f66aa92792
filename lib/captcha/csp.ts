import type { CspSources } from '../http/security-headers';
import type { CaptchaProvider } from './schemas';

const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
const TURNSTILE = ['https://challenges.cloudflare.com'];

/**
 * What each captcha needs on top of the base policy, and nothing more. ALTCHA runs its
 * proof of work in workers it builds from its own (same-origin) bundle as blob: URLs;
 * the hosted providers load their script and iframe from their own origins, as their
 * documentation lists.
 */
export function captchaCspSources(provider: CaptchaProvider): CspSources {
  switch (provider) {
    case 'altcha':
      return { 'worker-src': ["'self'", 'blob:'] };
    case 'turnstile':
      return { 'script-src': TURNSTILE, 'frame-src': TURNSTILE };
    case 'hcaptcha':
      return { 'script-src': HCAPTCHA, 'frame-src': HCAPTCHA, 'style-src': HCAPTCHA, 'connect-src': HCAPTCHA };
  }
}
