import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll } from 'vitest';
import * as conversation from '@/app/api/whatsapp/conversations/[id]/route';
import * as templates from '@/app/api/whatsapp/conversations/[id]/templates/route';
import * as settings from '@/app/api/whatsapp/settings/route';
import * as webhook from '@/app/api/webhooks/whatsapp/route';
import { setRetryBase } from '@/lib/whatsapp/graph';
import { signatureOf } from '@/lib/whatsapp/secrets';
import type { Client } from './http';

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

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
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

/** A fake Graph API for the calling test file, with WHATSAPP_GRAPH_URL pointed at it and a short backoff. */
export function setupFakeGraph(): FakeGraph {
  const graph = new FakeGraph();
  const saved = process.env.WHATSAPP_GRAPH_URL;
  beforeAll(async () => {
    await graph.start();
    process.env.WHATSAPP_GRAPH_URL = graph.url;
    setRetryBase(5);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.WHATSAPP_GRAPH_URL;
    else process.env.WHATSAPP_GRAPH_URL = saved;
    setRetryBase(500);
    await graph.stop();
  });
  return graph;
}

/** The WhatsApp routes, called as the browser would with this client's cookie. */
export function whatsappApi(client: Client) {
  const withId = (id: string) => ({ params: { id } });
  return {
    settings: () => client.call(settings.GET, '/api/whatsapp/settings', { method: 'GET' }),
    save: (json: unknown) => client.call(settings.PUT, '/api/whatsapp/settings', { method: 'PUT', json }),
    conversation: (id: string) => client.call(conversation.GET, `/api/whatsapp/conversations/${id}`, { method: 'GET', ...withId(id) }),
    templates: (id: string) => client.call(templates.GET, `/api/whatsapp/conversations/${id}/templates`, { method: 'GET', ...withId(id) }),
    sendTemplate: (id: string, json: unknown) => client.call(templates.POST, `/api/whatsapp/conversations/${id}/templates`, { json, ...withId(id) }),
  };
}

/** Meta's handshake GET; the raw answer (text). */
export async function handshake(query: Record<string, string>): Promise<{ status: number; type: string | null; text: string }> {
  const req = new NextRequest(`http://localhost:3000/api/webhooks/whatsapp?${new URLSearchParams(query)}`, {
    method: 'GET',
    headers: { host: 'localhost:3000' },
  });
  const res = await webhook.GET(req);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** A delivery POSTed as Meta sends it: the body's bytes signed with `secret` (or the given header). */
export async function deliver(payload: unknown, secret: string | null, header?: string): Promise<number> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { host: 'localhost:3000', 'content-type': 'application/json', 'x-real-ip': '192.0.2.50' };
  const signature = header ?? (secret ? signatureOf(raw, secret) : undefined);
  if (signature) headers['x-hub-signature-256'] = signature;
  const res = await webhook.POST(new NextRequest('http://localhost:3000/api/webhooks/whatsapp', { method: 'POST', headers, body: raw }));
  return res.status;
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
