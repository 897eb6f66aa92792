import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { enforce, hit, LIMITS, peek, RateLimitError } from '../http/rate-limit';
import { logger } from '../log/logger';
import { accountsByPhone, accountsWithVerifyToken } from './accounts';
import { handleChange } from './inbound';
import { changesOf } from './payload';
import { sameSecret, validSignature } from './secrets';

/** Deliveries are small; anything far larger is not Meta's. */
export const WEBHOOK_BODY_MAX = 1024 * 1024;

/**
 * Meta's subscription handshake: `hub.mode=subscribe` and a verify token that one of the
 * live accounts holds (each compared in constant time, all of them every time). Answers the
 * challenge to echo, or null (403).
 */
export async function verifyHandshake(db: Db, params: URLSearchParams, ip: string): Promise<string | null> {
  await enforce(db, `whatsapp:handshake:${ip}`, LIMITS.whatsappHandshake);
  const mode = params.get('hub.mode');
  const given = params.get('hub.verify_token') ?? '';
  const challenge = params.get('hub.challenge');
  if (mode !== 'subscribe' || !given || challenge === null || challenge.length > 200) return null;
  let match = false;
  for (const account of await accountsWithVerifyToken(db)) if (account.verifyToken && sameSecret(account.verifyToken, given)) match = true;
  return match ? challenge : null;
}

/**
 * A delivery: its raw bytes are checked against the app secret of each project its changes
 * are addressed to (by phone number id). Changes for a project whose signature fails, or
 * for no live project, are dropped; when none passes, the delivery is refused (403) and
 * nothing is stored.
 */
export async function receiveDelivery(db: Db, raw: Uint8Array, signature: string | null, ip: string): Promise<{ handled: number }> {
  const failuresKey = `whatsapp:bad:${ip}`;
  const failures = await peek(db, failuresKey, LIMITS.whatsappBadDeliveries);
  if (failures.points >= LIMITS.whatsappBadDeliveries.points) throw new RateLimitError(failures.retryAfterSeconds);
  let delivery: unknown;
  try {
    delivery = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new HttpError(400, 'invalidInput');
  }
  const changes = changesOf(delivery);
  const accounts = await accountsByPhone(db, [...new Set(changes.map((c) => c.phoneNumberId))]);
  const trusted = new Map([...accounts].filter(([, a]) => a.appSecret && validSignature(raw, signature, a.appSecret)));
  if (trusted.size === 0) {
    logger.warn({ changes: changes.length, known: accounts.size }, 'whatsapp delivery refused: no valid signature');
    await hit(db, failuresKey, LIMITS.whatsappBadDeliveries);
    throw new HttpError(403, 'forbidden');
  }
  let handled = 0;
  for (const change of changes) {
    const account = trusted.get(change.phoneNumberId);
    if (!account) continue;
    await handleChange(db, account, change.value);
    handled += 1;
  }
  return { handled };
}
