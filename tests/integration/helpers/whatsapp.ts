import { NextRequest } from 'next/server';
import { afterAll, beforeAll } from 'vitest';
import * as conversation from '@/app/api/whatsapp/conversations/[id]/route';
import * as templates from '@/app/api/whatsapp/conversations/[id]/templates/route';
import * as settings from '@/app/api/whatsapp/settings/route';
import * as webhook from '@/app/api/webhooks/whatsapp/route';
import { setRetryBase } from '@/lib/whatsapp/graph';
import { signatureOf } from '@/lib/whatsapp/secrets';
import { FakeGraph } from './fake-graph';

export { delivery, statusOf } from './fake-graph';
import type { Client } from './http';

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
export async function handshake(query: Record<string, string>, ip = '192.0.2.50'): Promise<{ status: number; type: string | null; text: string }> {
  const req = new NextRequest(`http://localhost:3000/api/webhooks/whatsapp?${new URLSearchParams(query)}`, {
    method: 'GET',
    headers: { host: 'localhost:3000', 'x-real-ip': ip },
  });
  const res = await webhook.GET(req);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** A delivery POSTed as Meta sends it: the body's bytes signed with `secret` (or the given header). */
export async function deliver(payload: unknown, secret: string | null, header?: string, ip = '192.0.2.50'): Promise<number> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { host: 'localhost:3000', 'content-type': 'application/json', 'x-real-ip': ip };
  const signature = header ?? (secret ? signatureOf(raw, secret) : undefined);
  if (signature) headers['x-hub-signature-256'] = signature;
  const res = await webhook.POST(new NextRequest('http://localhost:3000/api/webhooks/whatsapp', { method: 'POST', headers, body: raw }));
  return res.status;
}
