import { json, route } from '@/lib/http/route';
import { handleBtcpayWebhook } from '@/lib/invoices/webhooks';

/** BTCPay Server's webhook: public, authenticated by the BTCPay-Sig HMAC over the raw body. */
export const POST = route(
  async (req, ctx) => {
    const raw = new Uint8Array(await req.arrayBuffer());
    const result = await handleBtcpayWebhook(ctx.db, raw, req.headers.get('btcpay-sig'));
    return json(result);
  },
  { auth: 'none' },
);
