import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { NextRequest } from 'next/server';
import { GET } from '@/app/api/auth/captcha/route';

let calls = 0;
/** Each fetch comes from its own address, so fetching many never trips the challenge limit. */
function helperIp(): string {
  calls += 1;
  return `192.0.2.${(calls % 250) + 1}`;
}

/** GET /api/auth/captcha through the real handler, as the widget would call it. */
export async function fetchChallenge(ip = helperIp()) {
  const res = await GET(new NextRequest('http://localhost:3000/api/auth/captcha', { headers: { host: 'localhost:3000', 'x-real-ip': ip } }));
  return { res, body: res.status === 200 ? ((await res.json()) as Challenge & { provider: string }) : null };
}

/** Encodes a solved challenge the way the ALTCHA widget submits it. */
export function widgetCode(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}

/**
 * A code the auth routes accept once: a real challenge, solved as a browser would.
 * Keep CAPTCHA_COST low in tests (1000 takes tens of milliseconds; 1 is faster still).
 */
export async function solvedCaptcha(): Promise<string> {
  const { res, body } = await fetchChallenge();
  if (!body) throw new Error(`captcha challenge failed with ${res.status}`);
  const solution = await solveChallenge({ challenge: body, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha challenge not solved in time');
  return widgetCode(body, solution);
}
