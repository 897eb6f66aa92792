import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boardActivity, boardCards } from '@/lib/boards/tables';
import type { BoardView, CardView } from '@/lib/boards/types';
import { BOARD_EDIT, boardsApi, ok } from './helpers/boards';
import { setupChatBus } from './helpers/chats';
import { multipart } from './helpers/http';
import { setupWorld, type Member, type ProjectName } from './matrix/world';

// Swimlane moves, covers, bulk actions and templates: what the board's newer tools ask of the API.

const w = setupWorld();
const bus = setupChatBus();

const editor = (p: ProjectName = 'A') => w.memberOf(p, BOARD_EDIT);
const api = (m: Member, lang = 'en') => boardsApi(m.client, { 'accept-language': lang });

let n = 0;
/** A board from the Kanban template (To do, Doing, Done) with `titles` in To do and one label. */
async function board(m: Member, titles: string[] = ['one', 'two', 'three']) {
  const { board: b } = ok<{ board: { id: string } }>(await api(m).create({ name: `Bulk ${(n += 1)}`, template: 'kanban' }), 201);
  const view = await get(m, b.id);
  const columns = view.columns.map((c) => c.id);
  const label = ok<{ label: { id: string } }>(await api(m).addLabel(b.id, { name: 'Urgent', color: '#c00' }), 201).label.id;
  const cards: string[] = [];
  for (const title of titles) cards.push(ok<{ card: { id: string } }>(await api(m).addCard(b.id, { columnId: columns[0], title }), 201).card.id);
  return { id: b.id, columns, label, cards };
}
async function get(m: Member, id: string): Promise<BoardView> {
  return ok<{ board: BoardView }>(await api(m).get(id)).board;
}
const rows = (ids: string[]) => w.db.select().from(boardCards).where(inArray(boardCards.id, ids)).orderBy(asc(boardCards.rank));

describe('board templates', () => {
  it('creates the chosen template’s columns and labels in the creator’s language, or a blank board', async () => {
    const m = await editor();
    const bugs = ok<{ board: { id: string; columns: number } }>(await api(m, 'es').create({ name: 'Errores', template: 'bugs' }), 201).board;
    expect(bugs.columns).toBe(5);
    const view = await get(m, bugs.id);
    expect(view.columns.map((c) => c.name)).toEqual(['Reportado', 'Clasificado', 'En corrección', 'En verificación', 'Cerrado']);
    expect(view.columns.map((c) => c.wipLimit)).toEqual([null, null, 5, null, null]);
    expect(view.labels.map((l) => l.name).sort()).toEqual(['Crítico', 'Mayor', 'Menor', 'Regresión']);
    const kanban = ok<{ board: { id: string } }>(await api(m).create({ name: 'Flow', template: 'kanban' }), 201).board;
    expect((await get(m, kanban.id)).columns.map((c) => c.name)).toEqual(['To do', 'Doing', 'Done']);
    const blank = ok<{ board: { id: string } }>(await api(m).create({ name: 'Empty' }), 201).board;
    expect(await get(m, blank.id)).toMatchObject({ columns: [], labels: [] });
  });

  it('refuses an unknown template and creates nothing', async () => {
    const m = await editor();
    const before = ok<{ boards: unknown[] }>(await api(m).list()).boards.length;
    const res = await api(m).create({ name: 'Odd', template: 'waterfall' });
    expect(res.status).toBe(400);
    expect(res.body.data?.fields?.template).toBe('This value is not valid.');
    expect(ok<{ boards: unknown[] }>(await api(m).list()).boards).toHaveLength(before);
  });
});

describe('bulk actions', () => {
  it('moves, assigns, labels, unlabels and archives many cards in one call each, recording each card’s history', async () => {
    const m = await editor();
    const b = await board(m);
    const moved = ok<{ cards: CardView[]; message: string }>(
      await api(m).bulk(b.id, { action: 'move', cardIds: [b.cards[2], b.cards[0]], columnId: b.columns[2] }),
    );
    expect(moved.message).toBe('2 cards moved.');
    // Board order is kept: "one" before "three" in Done.
    expect((await rows([b.cards[0], b.cards[2]])).map((r) => [r.title, r.columnId])).toEqual([
      ['one', b.columns[2]],
      ['three', b.columns[2]],
    ]);
    ok(await api(m).bulk(b.id, { action: 'assign', cardIds: b.cards, userId: m.userId }));
    ok(await api(m).bulk(b.id, { action: 'addLabel', cardIds: b.cards, labelId: b.label }));
    expect((await rows(b.cards)).every((r) => r.assigneeIds.join() === m.userId && r.labelIds.join() === b.label)).toBe(true);
    ok(await api(m).bulk(b.id, { action: 'removeLabel', cardIds: [b.cards[1]], labelId: b.label }));
    ok(await api(m).bulk(b.id, { action: 'assign', cardIds: [b.cards[0]], userId: null }));
    const after = new Map((await rows(b.cards)).map((r) => [r.id, r]));
    expect(after.get(b.cards[1])!.labelIds).toEqual([]);
    expect(after.get(b.cards[0])!.assigneeIds).toEqual([]);
    const archived = ok<{ message: string }>(await api(m, 'es').bulk(b.id, { action: 'archive', cardIds: b.cards }));
    expect(archived.message).toBe('3 tarjetas archivadas.');
    expect((await get(m, b.id)).cards).toEqual([]);
    const history = await w.db
      .select({ kind: boardActivity.kind })
      .from(boardActivity)
      .where(eq(boardActivity.cardId, b.cards[0]))
      .orderBy(asc(boardActivity.id));
    expect(history.map((h) => h.kind)).toEqual(['created', 'moved', 'updated', 'updated', 'updated', 'archived']);
  });

  it('is all or nothing: another project’s card, a foreign label or a full column changes no card', async () => {
    const [m, other] = [await editor(), await editor('B')];
    const b = await board(m);
    const theirs = await board(other, ['secret']);
    const before = await rows(b.cards);
    const foreign = await api(m).bulk(b.id, { action: 'move', cardIds: [b.cards[0], theirs.cards[0]], columnId: b.columns[1] });
    expect(foreign.status).toBe(404);
    // Another board of the same project is no different.
    const second = await board(m, ['elsewhere']);
    expect((await api(m).bulk(b.id, { action: 'archive', cardIds: [b.cards[0], second.cards[0]] })).status).toBe(404);
    expect((await api(m).bulk(theirs.id, { action: 'archive', cardIds: theirs.cards })).status).toBe(404);
    const label = await api(m).bulk(b.id, { action: 'addLabel', cardIds: b.cards, labelId: theirs.label });
    expect(label.status).toBe(400);
    expect(label.body.data?.fields?.labelIds).toBe('This label is not on the board.');
    expect((await api(m).bulk(b.id, { action: 'assign', cardIds: b.cards, userId: other.userId })).status).toBe(400);
    ok(await api(m).patchColumn(b.id, b.columns[1], { wipLimit: 2, wipHard: true }));
    const full = await api(m).bulk(b.id, { action: 'move', cardIds: b.cards, columnId: b.columns[1] });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('“Doing” is full: its limit is 2 cards.');
    expect(await rows(b.cards)).toEqual(before);
    expect(await rows(theirs.cards)).toHaveLength(1);
    // Bad bodies: no cards, an unknown action, a missing column.
    for (const body of [
      { action: 'archive', cardIds: [] },
      { action: 'explode', cardIds: b.cards },
      { action: 'move', cardIds: b.cards },
    ])
      expect((await api(m).bulk(b.id, body)).status).toBe(400);
    expect(await rows(b.cards)).toEqual(before);
  });

  it('needs BOARDS__UPDATE, and publishes each changed card to the board’s viewers', async () => {
    const m = await editor();
    const viewer = await w.memberOf('A', ['BOARDS__VIEW']);
    const b = await board(m);
    expect((await boardsApi(viewer.client).bulk(b.id, { action: 'archive', cardIds: b.cards })).status).toBe(403);
    await bus.take();
    ok(await api(m).bulk(b.id, { action: 'move', cardIds: b.cards.slice(0, 2), columnId: b.columns[1] }));
    const events = await bus.take('board:card');
    expect(events.map((e) => (e.d as { card: CardView }).card.id).sort()).toEqual(b.cards.slice(0, 2).sort());
    expect(events[0]).toMatchObject({
      audience: { projectId: w.project.A.id, perms: ['BOARDS__VIEW'] },
      d: { boardId: b.id, card: { columnId: b.columns[1] } },
    });
  });
});

describe('swimlane moves', () => {
  it('a move into another lane swaps that assignee or label, and into the "none" lane clears them', async () => {
    const [m, mate, third] = [await editor(), await editor(), await editor()];
    const b = await board(m, ['lane card']);
    const [card] = b.cards;
    ok(await api(m).patchCard(b.id, card, { assigneeIds: [m.userId, mate.userId] }));
    const res = ok<{ card: CardView }>(
      await api(m).move(b.id, card, { columnId: b.columns[1], afterId: null, lane: { by: 'assignee', from: m.userId, to: third.userId } }),
    );
    expect(res.card).toMatchObject({ columnId: b.columns[1], assigneeIds: [mate.userId, third.userId] });
    ok(await api(m).move(b.id, card, { columnId: b.columns[1], lane: { by: 'label', from: null, to: b.label } }));
    ok(await api(m).move(b.id, card, { columnId: b.columns[1], lane: { by: 'assignee', from: mate.userId, to: null } }));
    const [row] = await rows([card]);
    expect(row).toMatchObject({ assigneeIds: [], labelIds: [b.label] });
    // Into the lane of someone outside the project: refused, nothing moves.
    const outsider = await editor('B');
    const refused = await api(m).move(b.id, card, { columnId: b.columns[2], lane: { by: 'assignee', from: null, to: outsider.userId } });
    expect(refused.status).toBe(400);
    expect((await rows([card]))[0].columnId).toBe(b.columns[1]);
  });
});

describe('covers', () => {
  const image = (r: number) =>
    sharp({ create: { width: 16, height: 9, channels: 3, background: { r, g: 40, b: 90 } } })
      .png()
      .toBuffer()
      .then((buf) => new Uint8Array(buf));

  it('is the first image by default; another image may be chosen, or none; a non-image or another card’s file is refused', async () => {
    const m = await editor();
    const b = await board(m, ['with cover', 'other']);
    const [card, other] = b.cards;
    const upload = async (id: string, name: string, bytes: Uint8Array) =>
      ok<{ files: { id: string }[]; card: CardView }>(await api(m).upload(b.id, id, multipart({}, [['file_0', { bytes, name }]])), 201);
    const text = await upload(card, 'notes.txt', new TextEncoder().encode('plain\n'));
    expect(text.card.coverId).toBeNull();
    const first = await upload(card, 'first.png', await image(10));
    expect(first.card.coverId).toBe(first.files[0].id);
    const second = await upload(card, 'second.png', await image(200));
    expect(second.card.coverId).toBe(first.files[0].id);
    const theirs = await upload(other, 'other.png', await image(90));

    const chosen = ok<{ card: CardView }>(await api(m).patchCard(b.id, card, { coverId: second.files[0].id }));
    expect(chosen.card.coverId).toBe(second.files[0].id);
    expect((await get(m, b.id)).cards.find((c) => c.id === card)?.coverId).toBe(second.files[0].id);
    for (const coverId of [text.files[0].id, theirs.files[0].id, crypto.randomUUID()]) {
      const refused = await api(m).patchCard(b.id, card, { coverId });
      expect(refused.status).toBe(400);
      expect(refused.body.data?.fields?.coverId).toBe('Choose one of the card’s images.');
    }
    const removed = ok<{ card: CardView }>(await api(m).patchCard(b.id, card, { coverId: null }));
    expect(removed.card.coverId).toBeNull();
    // Off stays off when another image arrives.
    expect((await upload(card, 'third.png', await image(30))).card.coverId).toBeNull();
    const view = await get(m, b.id);
    expect(view.cards.find((c) => c.id === card)?.coverId).toBeNull();
    expect(view.cards.find((c) => c.id === other)?.coverId).toBe(theirs.files[0].id);
    const [history] = await w.db
      .select({ data: boardActivity.data })
      .from(boardActivity)
      .where(and(eq(boardActivity.cardId, card), eq(boardActivity.kind, 'updated')))
      .limit(1);
    expect(history.data).toEqual({ cover: true });
    // A chosen cover does not hold the board back from deletion.
    ok(await api(m).patchCard(b.id, other, { coverId: theirs.files[0].id }));
    ok(await api(m).remove(b.id));
    expect(await rows([card, other])).toEqual([]);
  });
});
