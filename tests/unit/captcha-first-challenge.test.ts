import { describe, expect, it } from 'vitest';
import { CAPTCHA_URL, firstChallengeSource } from '@/components/auth/captcha-api';

const now = Date.parse('2026-01-01T00:00:00Z');
const answer = (secondsLeft: number) => ({
  provider: 'altcha' as const,
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'aa', salt: 'bb', expiresAt: now / 1000 + secondsLeft },
  signature: 'cc',
});

describe('the first challenge the widget gets', () => {
  it('is the one that came with the answer, as JSON the widget parses, without the provider field', () => {
    const source = firstChallengeSource(answer(600), now);
    expect(source.startsWith('{')).toBe(true);
    expect(JSON.parse(source)).toEqual({ parameters: answer(600).parameters, signature: 'cc' });
  });

  it('is fetched anew when the one in hand has under a minute left', () => {
    expect(firstChallengeSource(answer(59), now)).toBe(CAPTCHA_URL);
    expect(firstChallengeSource(answer(-5), now)).toBe(CAPTCHA_URL);
  });
});
