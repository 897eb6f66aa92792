import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { logger } from '../log/logger';
import { applyChargeUpdate } from './crypto';
import { updateFromBtcpay, verifyBtcpaySignature, type BtcpayEvent } from './providers/btcpay';
import { loadSettings } from './settings';
import { invoiceWebhookDeliveries } from './tables';

/** Larger bodies are not BTCPay's invoice events. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * A BTCPay webhook: the signature over the raw body first (401 if wrong, nothing read before),
 * then the event once per delivery. A redelivery carries its original's id, so a replay finds
 * its row and changes nothing; the payment's own state never moves back either.
 */
export async function handleBtcpayWebhook(db: Db, raw: Uint8Array, signature: string | null): Promise<{ ok: true; duplicate?: true; changed?: boolean }> {
  if (raw.byteLength > WEBHOOK_MAX_BYTES) throw new HttpError(413, 'bodyTooLarge');
  const settings = await loadSettings(db);
  if (settings.cryptoProvider !== 'btcpay' || !verifyBtcpaySignature(raw, signature, settings.btcpayWebhookSecret))
    throw new HttpError(401, 'invoicesBadSignature');
  let event: BtcpayEvent;
  try {
    event = JSON.parse(new TextDecoder().decode(raw)) as BtcpayEvent;
  } catch {
    throw new HttpError(400, 'invalidInput');
  }
  if (!event || typeof event !== 'object') throw new HttpError(400, 'invalidInput');
  if (event.storeId && event.storeId !== settings.btcpayStoreId) throw new HttpError(400, 'invalidInput');
  const deliveryId = String(event.originalDeliveryId || event.deliveryId || '').slice(0, 200);
  if (!deliveryId) throw new HttpError(400, 'invalidInput');
  const [seen] = await db
    .select({ id: invoiceWebhookDeliveries.deliveryId })
    .from(invoiceWebhookDeliveries)
    .where(and(eq(invoiceWebhookDeliveries.provider, 'btcpay'), eq(invoiceWebhookDeliveries.deliveryId, deliveryId)));
  if (seen) return { ok: true, duplicate: true };
  const update = updateFromBtcpay(event);
  // Applied before the delivery is recorded: a failure here leaves it unrecorded, so BTCPay's retry is not mistaken for a replay.
  const { changed } = update ? await applyChargeUpdate(db, 'btcpay', update) : { changed: false };
  await db.insert(invoiceWebhookDeliveries).values({ provider: 'btcpay', deliveryId }).onConflictDoNothing();
  logger.info({ deliveryId, type: event.type, changed }, 'btcpay webhook');
  return { ok: true, changed };
}
