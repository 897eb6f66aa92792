import { HttpError } from '@/lib/http/errors';
import { json, route } from '@/lib/http/route';
import { receiveDelivery, verifyHandshake, WEBHOOK_BODY_MAX } from '@/lib/whatsapp/webhook';

// Meta calls these without a session: the verify token (GET) and the body's signature
// under the project's app secret (POST) are the credentials.

/** The subscription handshake: the raw challenge as text, else 403. */
export const GET = route(
  async (req, ctx) => {
    const challenge = await verifyHandshake(ctx.db, req.nextUrl.searchParams, ctx.ip);
    if (challenge === null) throw new HttpError(403, 'forbidden');
    return new Response(challenge, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  },
  { auth: 'none' },
);

/** A signed delivery of messages and statuses, handled before the 200 (media come after). */
export const POST = route(
  async (req, ctx) => {
    if (Number(req.headers.get('content-length') ?? 0) > WEBHOOK_BODY_MAX) throw new HttpError(413, 'invalidInput');
    const raw = new Uint8Array(await req.arrayBuffer());
    if (raw.byteLength > WEBHOOK_BODY_MAX) throw new HttpError(413, 'invalidInput');
    await receiveDelivery(ctx.db, raw, req.headers.get('x-hub-signature-256'), ctx.ip);
    return json({ ok: true });
  },
  { auth: 'none' },
);
