import { rankBetween } from '@/lib/boards/rank';
import { boardAttachments, boardCards, boardColumns, boardLabels, boards } from '@/lib/boards/tables';
import { storage } from '@/lib/storage';
import { multipart } from '../../helpers/http';
import type { MatrixCase, ProjectName, World } from '../world';

// Boards: every object is made directly in the named project, so project B's ids must be 404s for A's members.

let n = 0;
async function fixture(w: World, p: ProjectName) {
  const projectId = w.project[p].id;
  const [board] = await w.db
    .insert(boards)
    .values({ projectId, name: `Matrix board ${(n += 1)}` })
    .returning();
  const [column] = await w.db
    .insert(boardColumns)
    .values({ projectId, boardId: board.id, name: 'Todo', rank: rankBetween(null, null) })
    .returning();
  const [label] = await w.db.insert(boardLabels).values({ projectId, boardId: board.id, name: 'Bug', color: '#c00' }).returning();
  const [card] = await w.db.insert(boardCards).values({ projectId, boardId: board.id, columnId: column.id, rank: 'V', title: 'A card' }).returning();
  const key = `boards/${projectId}/${card.id}/${crypto.randomUUID()}`;
  // JSON text, so the matrix's client can read the served file back.
  const bytes = new TextEncoder().encode('{"matrix":true}\n');
  await storage().put(key, bytes, 'text/plain');
  const [file] = await w.db
    .insert(boardAttachments)
    .values({ projectId, cardId: card.id, key, name: 'notes.txt', type: 'text/plain', size: bytes.byteLength })
    .returning();
  return { board: board.id, column: column.id, label: label.id, card: card.id, file: file.id };
}

const base = (id: string) => `/api/boards/${id}`;
const cardPath = (f: { board: string; card: string }) => `${base(f.board)}/cards/${f.card}`;

export const cases: MatrixCase[] = [
  { file: 'boards/route.ts', method: 'GET', request: async () => ({ path: '/api/boards' }) },
  { file: 'boards/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/boards', json: { name: `New ${(n += 1)}` } }) },
  {
    file: 'boards/[id]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: base(f.board), params: { id: f.board } };
    },
  },
  {
    file: 'boards/[id]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: base(f.board), params: { id: f.board }, json: { name: 'Renamed' } };
    },
  },
  {
    file: 'boards/[id]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: base(f.board), params: { id: f.board } };
    },
  },
  {
    file: 'boards/[id]/columns/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/columns`, params: { id: f.board }, json: { name: 'Doing' } };
    },
  },
  {
    file: 'boards/[id]/columns/[columnId]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/columns/${f.column}`, params: { id: f.board, columnId: f.column }, json: { name: 'Later' } };
    },
  },
  {
    file: 'boards/[id]/labels/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/labels`, params: { id: f.board }, json: { name: 'Idea', color: '#0a0' } };
    },
  },
  {
    file: 'boards/[id]/labels/[labelId]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/labels/${f.label}`, params: { id: f.board, labelId: f.label }, json: { color: '#00f' } };
    },
  },
  {
    file: 'boards/[id]/labels/[labelId]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/labels/${f.label}`, params: { id: f.board, labelId: f.label } };
    },
  },
  {
    file: 'boards/[id]/cards/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/cards`, params: { id: f.board }, json: { columnId: f.column, title: 'New card' } };
    },
  },
  {
    file: 'boards/[id]/cards/[cardId]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: cardPath(f), params: { id: f.board, cardId: f.card } };
    },
  },
  {
    file: 'boards/[id]/cards/[cardId]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: cardPath(f), params: { id: f.board, cardId: f.card }, json: { title: 'Changed', checklist: [{ text: 'Step one', done: false }] } };
    },
  },
  {
    file: 'boards/[id]/cards/[cardId]/move/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${cardPath(f)}/move`, params: { id: f.board, cardId: f.card }, json: { columnId: f.column, afterId: null } };
    },
  },
  {
    file: 'boards/[id]/cards/bulk/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${base(f.board)}/cards/bulk`, params: { id: f.board }, json: { action: 'addLabel', cardIds: [f.card], labelId: f.label } };
    },
  },
  {
    file: 'boards/[id]/cards/[cardId]/comments/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${cardPath(f)}/comments`, params: { id: f.board, cardId: f.card }, json: { body: 'Looks good' } };
    },
  },
  {
    file: 'boards/[id]/cards/[cardId]/files/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      const form = multipart({}, [['file_0', { bytes: new TextEncoder().encode('plain notes\n'), type: 'text/plain', name: 'notes.txt' }]]);
      const encoded = new Request('http://x', { method: 'POST', body: form });
      return {
        path: `${cardPath(f)}/files`,
        params: { id: f.board, cardId: f.card },
        body: await encoded.arrayBuffer(),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      };
    },
  },
  {
    file: 'boards/[id]/cards/[cardId]/files/[fileId]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => {
      const f = await fixture(w, p);
      return { path: `${cardPath(f)}/files/${f.file}`, params: { id: f.board, cardId: f.card, fileId: f.file } };
    },
  },
];
