// A second server instance in a process of its own: the realtime server only, on the
// PostgreSQL database named by DATABASE_URL, its events through LISTEN/NOTIFY. Prints
// its port, serves until stdin closes.
import { createServer } from 'node:http';
import { pubsub } from '@/lib/realtime/pubsub';
import { createRealtime } from '@/lib/realtime/server';
import { serveUntilStdinEnds } from './instance';

const bus = pubsub();
await (bus as unknown as { ready?: Promise<void> }).ready;
const realtime = createRealtime({ pubsub: bus });
const server = createServer((_req, res) => res.writeHead(404).end());
server.on('upgrade', (req, socket, head) => {
  if (!realtime.upgrade(req, socket, head)) socket.destroy();
});
serveUntilStdinEnds(server, async () => {
  await realtime.close();
  await bus.close();
});
