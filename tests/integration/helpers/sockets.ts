import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { POST as socketTicket } from '@/app/api/auth/socketTicket/route';
import type { PubSub } from '@/lib/realtime/pubsub';
import { createRealtime, type Realtime } from '@/lib/realtime/server';
import type { Client } from './http';

/** The realtime server on a loopback port, as server.ts mounts it. */
export async function socketServer(bus: PubSub, options: Omit<Parameters<typeof createRealtime>[0] & object, 'pubsub'> = {}) {
  const realtime: Realtime = createRealtime({ ...options, pubsub: bus });
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.upgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    realtime,
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    url: (token: string) => `ws://127.0.0.1:${port}/ws/v1?token=${encodeURIComponent(token)}&as=user`,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SocketServer = Awaited<ReturnType<typeof socketServer>>;

export type Frame = { __ts?: string | number; e?: string; d?: unknown; error?: { message: string } };

/** A socket client that records every frame and can wait for one. */
export function openSocket(url: string, origin?: string) {
  const ws = new WebSocket(url, origin ? { headers: { origin } } : {});
  const frames: Frame[] = [];
  const waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const refused = new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
  ws.on('error', () => {});
  return {
    ws,
    frames,
    closed,
    refused,
    /** The first frame (already received or coming) that passes `test`. */
    next(test: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
      const seen = frames.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such frame in time')), timeoutMs);
        waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    ready(): Promise<Frame> {
      return this.next((f) => f.e === 'app:ready');
    },
    send(message: unknown) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    /** Whether an event frame with this name arrived (after giving it `ms` to arrive). */
    async got(e: string, ms = 300): Promise<boolean> {
      await new Promise((r) => setTimeout(r, ms));
      return frames.some((f) => f.e === e);
    },
  };
}

export type TestSocket = ReturnType<typeof openSocket>;

/** A single-use ticket for the client's session, as the browser gets one. */
export async function ticketFor(client: Client): Promise<string> {
  const res = await client.call(socketTicket, '/api/auth/socketTicket', { json: {} });
  if (res.status !== 200) throw new Error(`ticket: ${res.status}`);
  return res.body.data.ticket as string;
}

/** Signed in, ticket bought, socket open and authenticated. */
export async function connected(server: SocketServer, client: Client): Promise<TestSocket> {
  const socket = openSocket(server.url(await ticketFor(client)), server.origin);
  await socket.ready();
  return socket;
}
