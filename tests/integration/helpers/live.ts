import { afterAll, beforeAll } from 'vitest';
import { memoryPubSub, postgresPubSub, setPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { buildWorld, type World } from '../matrix/world';
import { accountsDb } from './accounts';
import { socketServer, type SocketServer } from './sockets';
import { tempUploadDir } from './uploads';

export type Live = { handle: Awaited<ReturnType<typeof accountsDb>>; w: World; bus: PubSub; server: SocketServer };

/**
 * For a file that drives the API and real sockets together: a migrated database with two
 * projects, the pubsub the test database implies (LISTEN/NOTIFY on PostgreSQL), a socket
 * server and an upload folder of its own, all closed after the file.
 */
export function setupLive(uploadPrefix: string): Live {
  const live = {} as Live;
  let uploads: ReturnType<typeof tempUploadDir> | undefined;
  beforeAll(async () => {
    live.handle = await accountsDb();
    live.w = await buildWorld(live.handle.db);
    uploads = tempUploadDir(uploadPrefix);
    live.bus = live.handle.databaseUrl ? postgresPubSub(live.handle.databaseUrl) : memoryPubSub();
    await (live.bus as unknown as { ready?: Promise<void> }).ready;
    setPubSub(live.bus);
    live.server = await socketServer(live.bus);
  }, 60_000);
  afterAll(async () => {
    await live.server?.close();
    setPubSub(undefined);
    await live.bus?.close();
    uploads?.restore();
    await live.handle?.cleanup();
  });
  return live;
}
