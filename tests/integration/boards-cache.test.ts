import type { ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerCache } from '@/lib/auth/callers';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import type { Reader } from '@/lib/boards/access';
import { getBoardView } from '@/lib/boards/service';
import { boardCards, boardComments } from '@/lib/boards/tables';
import type { BoardView } from '@/lib/boards/types';
import { dbHandle } from '@/lib/db/client';
import { memberships } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { accountsDb } from './helpers/accounts';
import { BOARD_EDIT, boardsApi, ok } from './helpers/boards';
import { setupChatBus } from './helpers/chats';
import { feedSettled } from './helpers/feed';
import { multipart } from './helpers/http';
import { onEachInstance, startInstance } from './helpers/instance';
import { buildWorld, type Member, type World } from './matrix/world';

// A board's view is kept by each instance (getBoardView, on the cache's "boards" shelf) until
// the database announces a change to the board (migration 0028), to the project's members or
// to one of their names. Each cause below is made as the product or an operator would, after
// the board was served from memory, and the very next view, here and (on PostgreSQL) on a
// second server process, must equal one read afresh.

let handle: Awaited<ReturnType<typeof accountsDb>>;
const w = {} as World;
let child: ChildProcess | undefined;
setupChatBus({ local: true });

beforeAll(async () => {
  handle = await accountsDb();
  Object.assign(w, await buildWorld(handle.db));
  callerCache(dbHandle(), 'boards');
  await feedSettled();
}, 120_000);
afterAll(async () => {
  child?.stdin?.end();
  await handle?.cleanup();
});

type Seen = { status: number; board?: BoardView };
type Instance = { view(m: Member, boardId: string): Promise<Seen>; hits(): Promise<number> };

const api = (m: Member) => boardsApi(m.client);

const here: Instance = {
  async view(m, boardId) {
    const res = await api(m).get(boardId);
    return { status: res.status, board: (res.body as { board?: BoardView }).board };
  },
  hits: async () => callerCache(dbHandle(), 'boards').stats().hits,
};

async function startThere(): Promise<Instance> {
  const started = await startInstance('api-process.ts', { ...process.env, DATABASE_URL: handle.databaseUrl, LOG_LEVEL: 'warn' });
  child = started.child;
  const origin = `http://127.0.0.1:${started.port}`;
  return {
    async view(m, boardId) {
      const res = await fetch(`${origin}/api/boards/${boardId}`, { headers: { cookie: `${AUTH_COOKIE}=${m.client.cookie}` } });
      return { status: res.status, board: ((await res.json()) as { board?: BoardView }).board };
    },
    hits: async () => ((await (await fetch(`${origin}/stats/boards`)).json()) as { hits: number }).hits,
  };
}

/** Read straight from the tables: inside a transaction the cache is passed by. */
async function fresh(boardId: string): Promise<Seen> {
  try {
    return { status: 200, board: await w.db.transaction((tx) => getBoardView({ db: tx, project: w.project.A } as unknown as Reader, boardId)) };
  } catch {
    return { status: 404 };
  }
}

type Scene = { editor: Member; viewer: Member; board: string; columns: string[]; card: string; label: string };
let n = 0;

/** A board with two columns, a label and a card, made through the API by an editor; a member who may only view it. */
async function scene(): Promise<Scene> {
  const [editor, viewer] = [await w.memberOf('A', BOARD_EDIT), await w.memberOf('A', ['BOARDS__VIEW'])];
  const board = ok<{ board: { id: string } }>(await api(editor).create({ name: `Cached ${(n += 1)}` }), 201).board.id;
  const columns: string[] = [];
  for (const name of ['Todo', 'Done']) columns.push(ok<{ column: { id: string } }>(await api(editor).addColumn(board, { name }), 201).column.id);
  const label = ok<{ label: { id: string } }>(await api(editor).addLabel(board, { name: 'Bug', color: '#c00' }), 201).label.id;
  const card = ok<{ card: { id: string } }>(await api(editor).addCard(board, { columnId: columns[0], title: 'First' }), 201).card.id;
  return { editor, viewer, board, columns, card, label };
}

const text = (s: string) => multipart({}, [['file_0', { bytes: new TextEncoder().encode(s), name: 'notes.txt' }]]);

/** Each cause, and what the viewer's next board must show (checked against a fresh read too). */
const causes: { name: string; prepare?(s: Scene): Promise<unknown>; act(s: Scene): Promise<unknown>; shows(before: BoardView, after: Seen, s: Scene): void }[] =
  [
    {
      name: 'a card is added',
      act: (s) => api(s.editor).addCard(s.board, { columnId: s.columns[1], title: 'Second' }),
      shows: (b, a) => expect(a.board!.cards.length).toBe(b.cards.length + 1),
    },
    {
      name: 'a card is moved to another column',
      act: (s) => api(s.editor).move(s.board, s.card, { columnId: s.columns[1] }),
      shows: (_b, a, s) => expect(a.board!.cards.find((c) => c.id === s.card)?.columnId).toBe(s.columns[1]),
    },
    {
      name: 'a card is retitled and labelled',
      act: (s) => api(s.editor).patchCard(s.board, s.card, { title: 'Renamed', labelIds: [s.label] }),
      shows: (_b, a, s) => expect(a.board!.cards.find((c) => c.id === s.card)).toMatchObject({ title: 'Renamed', labelIds: [s.label] }),
    },
    {
      name: 'a card is archived by a bulk action',
      act: (s) => api(s.editor).bulk(s.board, { action: 'archive', cardIds: [s.card] }),
      shows: (b, a) => expect(a.board!.cards.length).toBe(b.cards.length - 1),
    },
    {
      name: 'a comment is written',
      act: (s) => api(s.editor).comment(s.board, s.card, { body: 'Looks good' }),
      shows: (_b, a, s) => expect(a.board!.cards.find((c) => c.id === s.card)?.comments).toBe(1),
    },
    {
      name: 'a file is attached',
      act: (s) => api(s.editor).upload(s.board, s.card, text('plain\n')),
      shows: (_b, a, s) => expect(a.board!.cards.find((c) => c.id === s.card)?.attachments).toBe(1),
    },
    {
      name: 'a column is renamed',
      act: (s) => api(s.editor).patchColumn(s.board, s.columns[0], { name: 'Backlog' }),
      shows: (_b, a) => expect(a.board!.columns.map((c) => c.name)).toContain('Backlog'),
    },
    {
      name: 'a label is recoloured',
      act: (s) => api(s.editor).patchLabel(s.board, s.label, { color: '#00c' }),
      shows: (_b, a) => expect(a.board!.labels[0].color).toBe('#00c'),
    },
    {
      name: 'the board is renamed',
      act: (s) => api(s.editor).rename(s.board, { name: 'Renamed board' }),
      shows: (_b, a) => expect(a.board!.name).toBe('Renamed board'),
    },
    {
      name: 'a member changes their name (SQL)',
      act: (s) => w.db.update(users).set({ name: 'Zed Renamed' }).where(eq(users.id, s.viewer.userId)),
      shows: (_b, a, s) => expect(a.board!.members.find((m) => m.id === s.viewer.userId)?.name).toBe('Zed Renamed'),
    },
    {
      name: 'an operator deletes a comment (SQL)',
      prepare: async (s) => ok(await api(s.editor).comment(s.board, s.card, { body: 'Soon gone' }), 201),
      act: (s) => w.db.delete(boardComments).where(eq(boardComments.cardId, s.card)),
      shows: (_b, a, s) => expect(a.board!.cards.find((c) => c.id === s.card)?.comments).toBe(0),
    },
    {
      name: 'an operator deletes the card (SQL)',
      act: (s) => w.db.delete(boardCards).where(eq(boardCards.id, s.card)),
      shows: (b, a) => expect(a.board!.cards.length).toBe(b.cards.length - 1),
    },
    {
      name: 'the board is deleted',
      act: (s) => api(s.editor).remove(s.board),
      shows: (_b, a) => expect(a.status).toBe(404),
    },
  ];

function suite(label: string, instance: () => Instance) {
  describe.each(causes)(`${label}: $name`, (cause) => {
    it('changes the very next view, after the board was served from memory', async () => {
      const s = await scene();
      await cause.prepare?.(s);
      await feedSettled();
      const target = instance();
      const first = await target.view(s.viewer, s.board);
      expect(first.status).toBe(200);
      const hits = await target.hits();
      const before = await target.view(s.viewer, s.board);
      expect(before).toEqual(first);
      expect((await target.hits()) - hits).toBe(1);
      expect(before).toEqual(await fresh(s.board));

      await cause.act(s);
      const after = await target.view(s.viewer, s.board);
      expect(after).toEqual(await fresh(s.board));
      cause.shows(before.board!, after, s);
    });
  });
}

onEachInstance(suite, here, startThere);

describe('the boards cache itself', () => {
  it('answers without the database: a card written with the triggers off goes unseen until a change is announced', async () => {
    const s = await scene();
    await feedSettled();
    const before = await here.view(s.viewer, s.board);
    await w.db.transaction(async (tx) => {
      // What no code path does: write without the announcement, to prove the view comes from memory.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(boardCards).set({ title: 'Unannounced' }).where(eq(boardCards.id, s.card));
    });
    // On PostgreSQL this instance's own write holds the cache aside until its fence is heard.
    await feedSettled();
    expect(await here.view(s.viewer, s.board)).toEqual(before);
    ok(await api(s.editor).patchColumn(s.board, s.columns[1], { name: 'Announced' }));
    const after = await here.view(s.viewer, s.board);
    expect(after).toEqual(await fresh(s.board));
    expect(after.board!.cards.find((c) => c.id === s.card)?.title).toBe('Unannounced');
  });

  it('keeps one view per board: a change to another board drops nothing of this one', async () => {
    const s = await scene();
    const other = await scene();
    await here.view(s.viewer, s.board);
    await feedSettled();
    const hits = await here.hits();
    ok(await api(other.editor).addCard(other.board, { columnId: other.columns[0], title: 'Elsewhere' }), 201);
    await feedSettled();
    await here.view(s.viewer, s.board);
    expect((await here.hits()) - hits).toBe(1);
  });

  it('a member who leaves the project leaves the board at once', async () => {
    const s = await scene();
    await feedSettled();
    expect((await here.view(s.viewer, s.board)).board!.members.map((m) => m.id)).toContain(s.editor.userId);
    await w.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, s.editor.membershipId!));
    const after = await here.view(s.viewer, s.board);
    expect(after.board!.members.map((m) => m.id)).not.toContain(s.editor.userId);
    expect(after).toEqual(await fresh(s.board));
  });

  it('another project’s member asking for the board’s id gets a 404, even while it is cached', async () => {
    const s = await scene();
    await feedSettled();
    await here.view(s.viewer, s.board);
    const outsider = await w.memberOf('B', BOARD_EDIT);
    expect((await here.view(outsider, s.board)).status).toBe(404);
  });

  it('weighs a board by its cards and members, within its own budget', async () => {
    const s = await scene();
    await feedSettled();
    const viewed = (await here.view(s.viewer, s.board)).board!;
    const shelf = callerCache(dbHandle(), 'boards').stats();
    expect(shelf.weight).toBeGreaterThanOrEqual(1 + viewed.cards.length + viewed.members.length);
    expect(shelf.weight).toBeLessThanOrEqual(20_000);
  });
});
