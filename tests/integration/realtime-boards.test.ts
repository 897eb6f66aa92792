import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardCardEvent } from '@/lib/boards/types';
import { memoryPubSub, postgresPubSub, setPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { accountsDb } from './helpers/accounts';
import { boardsApi } from './helpers/boards';
import { connected, socketServer, type SocketServer } from './helpers/sockets';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type World } from './matrix/world';

// The boards API and the sockets together: a move reaches the project's BOARDS__VIEW
// sockets at once, and nobody else's.

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let bus: PubSub;
let server: SocketServer;
let uploads: ReturnType<typeof tempUploadDir>;

beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
  uploads = tempUploadDir('atrio-rt-boards-');
  bus = handle.databaseUrl ? postgresPubSub(handle.databaseUrl) : memoryPubSub();
  await (bus as unknown as { ready?: Promise<void> }).ready;
  setPubSub(bus);
  server = await socketServer(bus);
}, 60_000);

afterAll(async () => {
  await server?.close();
  setPubSub(undefined);
  await bus?.close();
  uploads?.restore();
  await handle?.cleanup();
});

describe('boards over the socket', () => {
  it('a card moved through the API reaches viewers of the board’s project within a second, and no one else', async () => {
    const editor = await w.memberOf('A', ['BOARDS__VIEW', 'BOARDS__CREATE', 'BOARDS__UPDATE']);
    const viewer = await w.memberOf('A', ['BOARDS__VIEW']);
    const chatOnly = await w.memberOf('A', ['CHATS__TEAM']);
    const elsewhere = await w.memberOf('B', ['BOARDS__VIEW']);
    const [sViewer, sChat, sElsewhere] = await Promise.all([
      connected(server, viewer.client),
      connected(server, chatOnly.client),
      connected(server, elsewhere.client),
    ]);

    const api = boardsApi(editor.client);
    const board = (await api.create({ name: 'Live board' })).body.board.id as string;
    const todo = (await api.addColumn(board, { name: 'Todo' })).body.column.id as string;
    const done = (await api.addColumn(board, { name: 'Done' })).body.column.id as string;
    const card = (await api.addCard(board, { columnId: todo, title: 'Moving' })).body.card.id as string;

    const started = Date.now();
    expect((await api.move(board, card, { columnId: done })).status).toBe(200);
    const frame = await sViewer.next((f) => f.e === 'board:card' && (f.d as BoardCardEvent).card.columnId === done, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(frame.d).toMatchObject({ boardId: board, card: { id: card, columnId: done } });
    expect(await sViewer.got('board:changed', 0)).toBe(true);
    expect(await sChat.got('board:card')).toBe(false);
    expect(await sElsewhere.got('board:card', 0)).toBe(false);
    expect(await sElsewhere.got('board:changed', 0)).toBe(false);
    for (const s of [sViewer, sChat, sElsewhere]) s.ws.close();
  });
});
