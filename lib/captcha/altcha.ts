import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { env } from '../env';
import type { Claim } from './replay';
import { altchaPayloadSchema } from './schemas';

/** Native in every browser's Web Crypto and in Node, so the widget needs no extra worker. */
const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/**
 * The counter a browser must reach, picked uniformly by the server; the browser tries
 * counters from 0 up (spread over its workers) until it finds it. Starting the range at 0
 * leaves nothing a bot could skip, so on average it does the same work as a person's
 * browser (a floor above 0 would be work only the honest side does). Few, heavy attempts
 * (CAPTCHA_COST PBKDF2 rounds each) keep the browser hashing rather than waiting on Web
 * Crypto calls, so a bot's native code gains little over it. At the default cost this is
 * about half a second (median) in a 2-core browser; `npm run bench` measures it.
 */
export const ALTCHA_ATTEMPTS = { min: 0, max: 100 } as const;
/** How long a challenge, and so its solution, stays usable. */
export const ALTCHA_TTL_SECONDS = 10 * 60;

function secrets() {
  const e = env();
  const base = e.CAPTCHA_HMAC_KEY ?? createHmac('sha256', e.AUTH_SECRET).update('captcha').digest('hex');
  return {
    hmacSignatureSecret: base,
    // Signs the expected key, so checking a solution is one HMAC instead of a derivation.
    hmacKeySignatureSecret: createHmac('sha256', base).update('captcha-key').digest('hex'),
  };
}

/**
 * A signed challenge in deterministic mode: the server picks the counter and signs the
 * key it leads to, so every browser does the same amount of work and checking a solution
 * is one HMAC. Issuing one costs the server a single derivation.
 */
export async function createAltchaChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: env().CAPTCHA_COST,
    counter: randomInt(ALTCHA_ATTEMPTS.max, ALTCHA_ATTEMPTS.min),
    deriveKey,
    expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
    ...secrets(),
  });
}

function decode(code: string): unknown {
  try {
    return JSON.parse(Buffer.from(code, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Checks a widget code: our signature, not expired, the work done. Returns what the
 * replay guard needs, or null. Never throws: any malformed input is simply not solved.
 */
export async function checkAltchaCode(code: string): Promise<Claim | null> {
  const parsed = altchaPayloadSchema.safeParse(decode(code));
  if (!parsed.success) return null;
  const { challenge, solution } = parsed.data;
  // Only our own kind of challenge, so the cheap key-signature check always applies.
  if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return null;
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, ...secrets() });
    if (!result.verified) return null;
  } catch {
    return null;
  }
  return {
    id: `altcha:${createHash('sha256').update(challenge.signature).digest('hex')}`,
    expiresAt: new Date(challenge.parameters.expiresAt * 1000),
  };
}
