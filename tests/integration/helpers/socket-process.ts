// A second server instance in a process of its own: the realtime server only, on the
// PostgreSQL database named by DATABASE_URL, its events through LISTEN/NOTIFY. Prints
// its port, serves until stdin closes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb } from '@/lib/db/client';
import { pubsub } from '@/lib/realtime/pubsub';
import { createRealtime } from '@/lib/realtime/server';

const bus = pubsub();
await (bus as unknown as { ready?: Promise<void> }).ready;
const realtime = createRealtime({ pubsub: bus });
const server = createServer((_req, res) => res.writeHead(404).end());
server.on('upgrade', (req, socket, head) => {
  if (!realtime.upgrade(req, socket, head)) socket.destroy();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
process.stdin.resume();
process.stdin.on('end', async () => {
  await realtime.close();
  server.closeAllConnections();
  server.close();
  await bus.close();
  await closeDb();
  process.exit(0);
});
