import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// No test runner imports: the integration tests and the e2e spec both start it.

export type GraphCall = { method: string; path: string; auth: string | undefined; body: unknown };
type Reply = { status: number; json?: unknown; bytes?: Uint8Array; type?: string } | 'drop';

/**
 * A stand-in for the Graph API on loopback: it records every call and answers what the test
 * queued for sends (default: accepted with a fresh wamid), the templates it was given, and
 * media by id.
 */
export class FakeGraph {
  calls: GraphCall[] = [];
  sendReplies: Reply[] = [];
  templates: unknown[] = [];
  media = new Map<string, { bytes: Uint8Array; type: string }>();
  private server!: Server;
  private sent = 0;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  sends(): GraphCall[] {
    return this.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    this.calls.push({ method: req.method ?? 'GET', path, auth: req.headers.authorization, body: text ? JSON.parse(text) : null });
    let reply: Reply = { status: 404, json: { error: { code: 100, message: 'Unknown path' } } };
    if (req.method === 'POST' && /\/messages$/.test(path)) {
      this.sent += 1;
      reply = this.sendReplies.shift() ?? { status: 200, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.OUT${this.sent}` }] } };
    } else if (/\/message_templates\?/.test(path)) {
      reply = { status: 200, json: { data: this.templates } };
    } else if (path.startsWith('/bytes/')) {
      const m = this.media.get(path.slice(7));
      if (m) reply = { status: 200, bytes: m.bytes, type: m.type };
    } else {
      const m = this.media.get(path.slice(1));
      if (m) reply = { status: 200, json: { url: `${this.url}/bytes/${path.slice(1)}`, mime_type: m.type, file_size: m.bytes.byteLength } };
    }
    if (reply === 'drop') return void req.socket.destroy();
    res.statusCode = reply.status;
    res.setHeader('content-type', reply.bytes ? (reply.type ?? 'application/octet-stream') : 'application/json');
    res.end(reply.bytes ? Buffer.from(reply.bytes) : JSON.stringify(reply.json ?? {}));
  }
}

let seq = 0;
type Inbound = { from: string; name?: string; id?: string; text?: string; at?: Date; image?: { id: string; caption?: string } };

/** A `messages` change with the given inbound messages (and their contacts) and statuses. */
export function delivery(phoneNumberId: string, messages: Inbound[], statuses: unknown[] = []) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              contacts: messages.map((m) => ({ wa_id: m.from, profile: { name: m.name ?? '' } })),
              messages: messages.map((m) => ({
                from: m.from,
                id: m.id ?? `wamid.IN${(seq += 1)}`,
                timestamp: String(Math.floor((m.at ?? new Date()).getTime() / 1000)),
                ...(m.image
                  ? { type: 'image', image: { id: m.image.id, mime_type: 'image/png', caption: m.image.caption } }
                  : { type: 'text', text: { body: m.text ?? 'hello' } }),
              })),
              ...(statuses.length ? { statuses } : {}),
            },
          },
        ],
      },
    ],
  };
}

export const statusOf = (id: string, status: string, error?: { code: number; title: string }) => ({
  id,
  status,
  timestamp: String(Math.floor(Date.now() / 1000)),
  recipient_id: '0',
  ...(error ? { errors: [error] } : {}),
});
