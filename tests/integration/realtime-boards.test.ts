import { describe, expect, it } from 'vitest';
import type { BoardCardEvent } from '@/lib/boards/types';
import { boardsApi } from './helpers/boards';
import { setupLive } from './helpers/live';
import { connected } from './helpers/sockets';

// The boards API and the sockets together: a move reaches the project's BOARDS__VIEW
// sockets at once, and nobody else's.

const live = setupLive('atrio-rt-boards-');

describe('boards over the socket', () => {
  it('a card moved through the API reaches viewers of the board’s project within a second, and no one else', async () => {
    const editor = await live.w.memberOf('A', ['BOARDS__VIEW', 'BOARDS__CREATE', 'BOARDS__UPDATE']);
    const viewer = await live.w.memberOf('A', ['BOARDS__VIEW']);
    const chatOnly = await live.w.memberOf('A', ['CHATS__TEAM']);
    const elsewhere = await live.w.memberOf('B', ['BOARDS__VIEW']);
    const [sViewer, sChat, sElsewhere] = await Promise.all([
      connected(live.server, viewer.client),
      connected(live.server, chatOnly.client),
      connected(live.server, elsewhere.client),
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
