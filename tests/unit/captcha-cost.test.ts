import { describe, expect, it } from 'vitest';
import { ALTCHA_ATTEMPTS } from '@/lib/captcha/altcha';
import { parseEnv } from '@/lib/env';

// The proof of work a person waits for: `npm run bench` times it in headless Chromium
// (aim: a median under a second on the 2-core development machine, which derives about
// 3 million PBKDF2-SHA-256 rounds a second per core in the browser).
describe('the default ALTCHA work', () => {
  it('picks counters from 0, so no part of the search is work only a person does', () => {
    expect(ALTCHA_ATTEMPTS.min).toBe(0);
    expect(ALTCHA_ATTEMPTS.max).toBeGreaterThan(ALTCHA_ATTEMPTS.min);
  });

  it('asks for a few million PBKDF2 rounds on average, not tens of millions', () => {
    const { CAPTCHA_COST } = parseEnv({});
    const meanRounds = (CAPTCHA_COST * (ALTCHA_ATTEMPTS.min + ALTCHA_ATTEMPTS.max)) / 2;
    expect(meanRounds).toBeGreaterThanOrEqual(1_000_000);
    expect(meanRounds).toBeLessThanOrEqual(3_000_000);
  });
});
