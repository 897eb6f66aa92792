import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardActivity, boardCards, boardColumns } from '@/lib/boards/tables';
import type { BoardView, CardDetail } from '@/lib/boards/types';
import { windowsExe } from '../fixtures/files';
import { BOARD_EDIT, boardsApi, ok } from './helpers/boards';
import { setupChatBus } from './helpers/chats';
import { multipart } from './helpers/http';
import { storedKeys } from './helpers/uploads';
import { setupWorld, type Member, type ProjectName } from './matrix/world';

const w = setupWorld();
const bus = setupChatBus();

const editor = (p: ProjectName = 'A') => w.memberOf(p, BOARD_EDIT);
const api = (m: Member, lang = 'en') => boardsApi(m.client, { 'accept-language': lang });

let n = 0;
/** A board with columns named as given, made through the API. */
async function boardWith(m: Member, columnNames: string[] = ['Todo', 'Doing', 'Done']) {
  const { board } = ok<{ board: { id: string } }>(await api(m).create({ name: `Board ${(n += 1)}` }), 201);
  const columns: string[] = [];
  for (const name of columnNames) columns.push(ok<{ column: { id: string } }>(await api(m).addColumn(board.id, { name }), 201).column.id);
  return { id: board.id, columns };
}
async function addCard(m: Member, boardId: string, columnId: string, title: string): Promise<string> {
  return ok<{ card: { id: string } }>(await api(m).addCard(boardId, { columnId, title }), 201).card.id;
}
async function view(m: Member, boardId: string): Promise<BoardView> {
  return ok<{ board: BoardView }>(await api(m).get(boardId)).board;
}
/** Card titles per column, in the order the board shows them. */
async function order(m: Member, boardId: string): Promise<string[][]> {
  const board = await view(m, boardId);
  return board.columns.map((c) => board.cards.filter((x) => x.columnId === c.id).map((x) => x.title));
}

describe('boards and columns', () => {
  it('creates a board, adds, renames, reorders and archives columns', async () => {
    const m = await editor();
    const b = await boardWith(m);
    ok(await api(m).patchColumn(b.id, b.columns[0], { name: 'Backlog' }));
    // Done moves to the front: only its own row changes.
    const before = await w.db.select().from(boardColumns).where(eq(boardColumns.boardId, b.id));
    ok(await api(m).patchColumn(b.id, b.columns[2], { afterId: null }));
    const after = await w.db.select().from(boardColumns).where(eq(boardColumns.boardId, b.id));
    const changed = after.filter((a) => before.find((x) => x.id === a.id)!.rank !== a.rank);
    expect(changed.map((c) => c.id)).toEqual([b.columns[2]]);
    ok(await api(m).patchColumn(b.id, b.columns[1], { archived: true }));
    const board = await view(m, b.id);
    expect(board.columns.map((c) => [c.name, c.archived])).toEqual([
      ['Done', false],
      ['Backlog', false],
      ['Doing', true],
    ]);
    const list = ok<{ boards: { id: string; columns: number }[] }>(await api(m).list()).boards;
    expect(list.find((x) => x.id === b.id)?.columns).toBe(2);
  });

  it('refuses bad input with field errors in the caller’s language and changes nothing', async () => {
    const m = await editor();
    const b = await boardWith(m, ['Todo']);
    const empty = await api(m, 'es').addCard(b.id, { columnId: b.columns[0], title: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.data?.fields?.title).toBe('Este campo es obligatorio.');
    const long = await api(m).create({ name: 'x'.repeat(81) });
    expect(long.status).toBe(400);
    expect(long.body.data?.fields?.name).toMatch(/at most 80/);
    const color = await api(m).addLabel(b.id, { name: 'Bug', color: 'red' });
    expect(color.status).toBe(400);
    expect(color.body.data?.fields?.color).toBeTruthy();
    const wip = await api(m).addColumn(b.id, { name: 'X', wipLimit: 0 });
    expect(wip.status).toBe(400);
    expect(wip.body.data?.fields?.wipLimit).toBeTruthy();
    const [{ cards }] = await w.db.select({ cards: count() }).from(boardCards).where(eq(boardCards.boardId, b.id));
    expect(cards).toBe(0);
    expect((await view(m, b.id)).columns).toHaveLength(1);
  });

  it('answers 404 for another project’s board, column, card and label ids, and for ids of another board', async () => {
    const [a, other] = [await editor('A'), await editor('B')];
    const mine = await boardWith(a, ['Todo']);
    const second = await boardWith(a, ['Todo']);
    const theirs = await boardWith(other, ['Todo']);
    const theirCard = await addCard(other, theirs.id, theirs.columns[0], 'Secret');
    const myCard = await addCard(a, mine.id, mine.columns[0], 'Mine');
    expect((await api(a).get(theirs.id)).status).toBe(404);
    expect((await api(a).card(theirs.id, theirCard)).status).toBe(404);
    expect((await api(a).card(mine.id, theirCard)).status).toBe(404);
    expect((await api(a).card(second.id, myCard)).status).toBe(404);
    expect((await api(a).patchColumn(mine.id, theirs.columns[0], { name: 'x' })).status).toBe(404);
    expect((await api(a).get('not-a-uuid')).status).toBe(404);
    // A card cannot be moved into another board's column.
    const cross = await api(a).move(mine.id, myCard, { columnId: second.columns[0] });
    expect(cross.status).toBe(400);
    expect((await api(a).addCard(mine.id, { columnId: theirs.columns[0], title: 'x' })).status).toBe(400);
    const theirLabel = ok<{ label: { id: string } }>(await api(other).addLabel(theirs.id, { name: 'L', color: '#abc' }), 201).label.id;
    expect((await api(a).patchCard(mine.id, myCard, { labelIds: [theirLabel] })).status).toBe(400);
    expect((await api(a).patchCard(mine.id, myCard, { assigneeIds: [other.userId] })).status).toBe(400);
    expect((await api(a).removeLabel(mine.id, theirLabel)).status).toBe(404);
  });

  it('deletes a board with everything on it, its stored files included', async () => {
    const m = await editor();
    const b = await boardWith(m, ['Todo']);
    const card = await addCard(m, b.id, b.columns[0], 'Gone');
    ok(await api(m).upload(b.id, card, multipart({}, [['file_0', { bytes: new TextEncoder().encode('bye\n'), name: 'bye.txt' }]])), 201);
    const before = (await storedKeys('boards/')).length;
    ok(await api(m).remove(b.id));
    expect((await storedKeys('boards/')).length).toBe(before - 1);
    expect((await api(m).get(b.id)).status).toBe(404);
    const [{ left }] = await w.db.select({ left: count() }).from(boardCards).where(eq(boardCards.boardId, b.id));
    expect(left).toBe(0);
  });
});

describe('ranks and moves', () => {
  it('moves cards within and across columns, writing only the moved card, and the order survives a reload', async () => {
    const m = await editor();
    const b = await boardWith(m, ['Todo', 'Done']);
    const ids = [];
    for (const t of ['one', 'two', 'three', 'four']) ids.push(await addCard(m, b.id, b.columns[0], t));
    const before = await w.db.select().from(boardCards).where(eq(boardCards.boardId, b.id));
    ok(await api(m).move(b.id, ids[3], { columnId: b.columns[0], afterId: ids[0] }));
    const after = await w.db.select().from(boardCards).where(eq(boardCards.boardId, b.id));
    expect(after.filter((a) => before.find((x) => x.id === a.id)!.rank !== a.rank).map((a) => a.id)).toEqual([ids[3]]);
    expect(await order(m, b.id)).toEqual([['one', 'four', 'two', 'three'], []]);
    ok(await api(m).move(b.id, ids[1], { columnId: b.columns[1] }));
    ok(await api(m).move(b.id, ids[0], { columnId: b.columns[1], afterId: ids[1] }));
    ok(await api(m).move(b.id, ids[2], { columnId: b.columns[0], afterId: null }));
    expect(await order(m, b.id)).toEqual([
      ['three', 'four'],
      ['two', 'one'],
    ]);
    // Many moves into the same gap keep a strict order.
    for (let i = 0; i < 30; i += 1) {
      const first = (await view(m, b.id)).cards.find((c) => c.columnId === b.columns[0])!;
      const second = (await view(m, b.id)).cards.filter((c) => c.columnId === b.columns[0])[1];
      ok(await api(m).move(b.id, second.id, { columnId: b.columns[0], afterId: null }));
      expect((await order(m, b.id))[0][0]).toBe(second.title);
      expect(first.id).not.toBe(second.id);
    }
  });

  it('two people moving cards to the same spot at once end in one order both of them see', async () => {
    const [a, c] = [await editor(), await editor()];
    const b = await boardWith(a, ['Todo', 'Done']);
    const anchor = await addCard(a, b.id, b.columns[1], 'anchor');
    const tail = await addCard(a, b.id, b.columns[1], 'tail');
    const x = await addCard(a, b.id, b.columns[0], 'x');
    const y = await addCard(a, b.id, b.columns[0], 'y');
    // Both drop right after "anchor", from two sessions, at the same moment.
    const [r1, r2] = await Promise.all([
      api(a).move(b.id, x, { columnId: b.columns[1], afterId: anchor }),
      api(c).move(b.id, y, { columnId: b.columns[1], afterId: anchor }),
    ]);
    ok(r1);
    ok(r2);
    const seenByA = await order(a, b.id);
    const seenByC = await order(c, b.id);
    expect(seenByA).toEqual(seenByC);
    expect(seenByA[1][0]).toBe('anchor');
    expect(seenByA[1][3]).toBe('tail');
    expect(new Set(seenByA[1].slice(1, 3))).toEqual(new Set(['x', 'y']));
    const ranks = (
      await w.db.select({ rank: boardCards.rank }).from(boardCards).where(eq(boardCards.columnId, b.columns[1])).orderBy(asc(boardCards.rank))
    ).map((r) => r.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
    void tail;
  });

  it('a hard WIP limit refuses the move with a clear message and changes nothing; a soft one warns', async () => {
    const m = await editor();
    const b = await boardWith(m, ['Todo']);
    const hard = ok<{ column: { id: string } }>(await api(m).addColumn(b.id, { name: 'Doing', wipLimit: 1, wipHard: true }), 201).column.id;
    const soft = ok<{ column: { id: string } }>(await api(m).addColumn(b.id, { name: 'Review', wipLimit: 1 }), 201).column.id;
    const [c1, c2, c3] = [await addCard(m, b.id, b.columns[0], 'c1'), await addCard(m, b.id, b.columns[0], 'c2'), await addCard(m, b.id, b.columns[0], 'c3')];
    expect(ok<{ wipExceeded: boolean }>(await api(m).move(b.id, c1, { columnId: hard })).wipExceeded).toBe(false);
    const refused = await api(m).move(b.id, c2, { columnId: hard });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('“Doing” is full: its limit is 1 card.');
    expect((await api(m, 'es').move(b.id, c2, { columnId: hard })).body.message).toBe('“Doing” está llena: su límite es de 1 tarjeta.');
    expect((await api(m).addCard(b.id, { columnId: hard, title: 'more' })).status).toBe(409);
    const [row] = await w.db.select().from(boardCards).where(eq(boardCards.id, c2));
    expect(row.columnId).toBe(b.columns[0]);
    // Moving within the full column is not a new card in it.
    ok(await api(m).move(b.id, c1, { columnId: hard, afterId: null }));
    ok(await api(m).move(b.id, c2, { columnId: soft }));
    expect(ok<{ wipExceeded: boolean }>(await api(m).move(b.id, c3, { columnId: soft })).wipExceeded).toBe(true);
  });
});

describe('cards', () => {
  it('edits every field, records each change in the activity, archives and restores', async () => {
    const m = await editor();
    const b = await boardWith(m, ['Todo']);
    const card = await addCard(m, b.id, b.columns[0], 'Write docs');
    const label = ok<{ label: { id: string } }>(await api(m).addLabel(b.id, { name: 'Docs', color: '#0a6' }), 201).label.id;
    const res = ok<{ card: { assigneeIds: string[]; labelIds: string[]; dueOn: string; checklist: { done: number; total: number } } }>(
      await api(m).patchCard(b.id, card, {
        title: 'Write the docs',
        description: '# Plan\n\n**bold** <script>alert(1)</script> [x](javascript:alert(1))',
        assigneeIds: [m.userId],
        labelIds: [label],
        dueOn: '2026-12-01',
        checklist: [
          { text: 'Outline', done: true },
          { text: 'Draft', done: false },
        ],
      }),
    );
    expect(res.card).toMatchObject({ assigneeIds: [m.userId], labelIds: [label], dueOn: '2026-12-01', checklist: { done: 1, total: 2 } });
    ok(await api(m).comment(b.id, card, { body: 'Started' }), 201);
    const detail = ok<{ card: CardDetail }>(await api(m).card(b.id, card)).card;
    expect(detail.descriptionHtml).toContain('<strong>bold</strong>');
    expect(detail.descriptionHtml).toContain('<h2>Plan</h2>');
    expect(detail.descriptionHtml).not.toMatch(/script|javascript/);
    expect(detail.commentList.map((c) => c.body)).toEqual(['Started']);
    expect(detail.checklistItems.map((i) => i.text)).toEqual(['Outline', 'Draft']);
    expect(detail.activity.map((a) => a.kind)).toEqual(['commented', 'updated', 'created']);
    expect(detail.activity[1].data).toMatchObject({
      title: { from: 'Write docs', to: 'Write the docs' },
      description: true,
      dueOn: { from: null, to: '2026-12-01' },
    });

    ok(await api(m).patchCard(b.id, card, { archived: true }));
    expect((await view(m, b.id)).cards).toHaveLength(0);
    expect((await api(m).get(b.id, true)).body.board).toMatchObject({ cards: [{ id: card, archived: true }] });
    expect((await api(m).move(b.id, card, { columnId: b.columns[0] })).status).toBe(409);
    ok(await api(m).patchCard(b.id, card, { archived: false }));
    expect((await view(m, b.id)).cards.map((c) => c.id)).toEqual([card]);
    const kinds = await w.db.select({ kind: boardActivity.kind }).from(boardActivity).where(eq(boardActivity.cardId, card)).orderBy(asc(boardActivity.id));
    expect(kinds.map((k) => k.kind)).toEqual(['created', 'updated', 'commented', 'archived', 'restored']);
    // Removing a label takes it off its cards.
    ok(await api(m).removeLabel(b.id, label));
    expect((await view(m, b.id)).cards[0].labelIds).toEqual([]);
  });

  it('stores attachments privately after a content check and serves them to viewers of the project only', async () => {
    const m = await editor();
    const viewer = await w.memberOf('A', ['BOARDS__VIEW']);
    const outsider = await editor('B');
    const b = await boardWith(m, ['Todo']);
    const card = await addCard(m, b.id, b.columns[0], 'With files');
    const text = new TextEncoder().encode('{"notes":"kept"}\n');
    const before = (await storedKeys('boards/')).length;
    const refused = await api(m).upload(
      b.id,
      card,
      multipart({}, [
        ['file_0', { bytes: text, type: 'text/plain', name: 'notes.txt' }],
        ['file_1', { bytes: windowsExe(), type: 'application/pdf', name: 'invoice.pdf' }],
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data?.fields?.file_1).toContain('invoice.pdf');
    expect((await storedKeys('boards/')).length).toBe(before);
    // Only editors upload.
    expect((await boardsApi(viewer.client).upload(b.id, card, multipart({}, [['file_0', { bytes: text, name: 'n.txt' }]]))).status).toBe(403);

    const saved = ok<{ files: { id: string; name: string; type: string }[] }>(
      await api(m).upload(b.id, card, multipart({}, [['file_0', { bytes: text, type: 'image/png', name: 'notes.txt' }]])),
      201,
    );
    expect(saved.files[0]).toMatchObject({ name: 'notes.txt', type: 'text/plain' });
    expect((await storedKeys('boards/')).length).toBe(before + 1);
    const served = await boardsApi(viewer.client).file(b.id, card, saved.files[0].id);
    expect(served.status).toBe(200);
    expect(served.body).toEqual({ notes: 'kept' });
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await boardsApi(outsider.client).file(b.id, card, saved.files[0].id)).status).toBe(404);
    const detail = ok<{ card: CardDetail }>(await api(m).card(b.id, card)).card;
    expect(detail.attachmentList).toHaveLength(1);
    expect(detail.activity[0]).toMatchObject({ kind: 'attached', data: { files: ['notes.txt'] } });
  });
});

describe('live events', () => {
  it('publishes card changes and board changes to BOARDS__VIEW in the project only', async () => {
    const m = await editor();
    const b = await boardWith(m, ['Todo', 'Done']);
    await bus.take();
    const card = await addCard(m, b.id, b.columns[0], 'Live');
    ok(await api(m).move(b.id, card, { columnId: b.columns[1] }));
    const events = await bus.take('board:card');
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      audience: { projectId: w.project.A.id, perms: ['BOARDS__VIEW'] },
      d: { boardId: b.id, card: { id: card, columnId: b.columns[1] } },
    });
    ok(await api(m).addColumn(b.id, { name: 'Later' }), 201);
    expect(await bus.take('board:changed')).toMatchObject([{ audience: { projectId: w.project.A.id }, d: { boardId: b.id } }]);
    const [{ rows }] = await w.db
      .select({ rows: count() })
      .from(boardCards)
      .where(and(eq(boardCards.boardId, b.id), eq(boardCards.id, card)));
    expect(rows).toBe(1);
  });
});
