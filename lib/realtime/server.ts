import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { logger } from '../log/logger';

export const WS_PATH = '/ws/v1';
export const MAX_FRAME_BYTES = 64 * 1024;

type Incoming = { __ts?: unknown; e?: unknown; d?: unknown };

function reply(ws: WebSocket, message: Record<string, unknown>) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** Answers one client message. The realtime work adds authentication, rooms and events. */
export function handleMessage(ws: WebSocket, raw: string) {
  let msg: Incoming;
  try {
    msg = JSON.parse(raw) as Incoming;
  } catch {
    return reply(ws, { error: { message: 'Invalid JSON' } });
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return reply(ws, { error: { message: 'Expected a JSON object' } });
  const ts = msg.__ts;
  if (msg.e === 'app:ping') return reply(ws, { __ts: ts, e: 'app:ping', d: { t: Date.now() } });
  reply(ws, { __ts: ts, error: { message: `Unknown event: ${String(msg.e)}` } });
}

export function createRealtime() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'Text frames only');
      try {
        handleMessage(ws, data.toString());
      } catch (error) {
        // One bad message must never take the server down.
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'socket message failed');
      }
    });
    ws.on('error', (error) => logger.debug({ err: error.message }, 'socket error'));
  });

  return {
    wss,
    /** Returns true when the upgrade was ours. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const path = (req.url ?? '').split('?')[0];
      if (path !== WS_PATH) return false;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    },
    /** Tells every client the server is going away (1001), waiting up to 1 s for their goodbyes. */
    async close(): Promise<void> {
      const clients = [...wss.clients];
      await Promise.all(
        clients.map(
          (ws) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                ws.terminate();
                resolve();
              }, 1000);
              ws.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              ws.close(1001, 'Server shutting down');
            }),
        ),
      );
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
