import * as columnOne from '@/app/api/boards/[id]/columns/[columnId]/route';
import * as columns from '@/app/api/boards/[id]/columns/route';
import * as comments from '@/app/api/boards/[id]/cards/[cardId]/comments/route';
import * as fileOne from '@/app/api/boards/[id]/cards/[cardId]/files/[fileId]/route';
import * as files from '@/app/api/boards/[id]/cards/[cardId]/files/route';
import * as bulk from '@/app/api/boards/[id]/cards/bulk/route';
import * as move from '@/app/api/boards/[id]/cards/[cardId]/move/route';
import * as cardOne from '@/app/api/boards/[id]/cards/[cardId]/route';
import * as cards from '@/app/api/boards/[id]/cards/route';
import * as labelOne from '@/app/api/boards/[id]/labels/[labelId]/route';
import * as labels from '@/app/api/boards/[id]/labels/route';
import * as one from '@/app/api/boards/[id]/route';
import * as all from '@/app/api/boards/route';
import { boardColumns, boardCards, boards } from '@/lib/boards/tables';
import type { Db } from '@/lib/db/client';
import type { Client } from './http';
import { expect } from 'vitest';

/** Every boards route, called as the browser would with this client's cookie. */
export function boardsApi(client: Client, headers: Record<string, string> = {}) {
  const b = (id: string) => `/api/boards/${id}`;
  const c = (id: string, cardId: string) => `${b(id)}/cards/${cardId}`;
  return {
    list: () => client.call(all.GET, '/api/boards', { method: 'GET', headers }),
    create: (json: unknown) => client.call(all.POST, '/api/boards', { json, headers }),
    get: (id: string, archived = false) => client.call(one.GET, `${b(id)}${archived ? '?archived=1' : ''}`, { method: 'GET', params: { id }, headers }),
    rename: (id: string, json: unknown) => client.call(one.PATCH, b(id), { method: 'PATCH', json, params: { id }, headers }),
    remove: (id: string) => client.call(one.DELETE, b(id), { method: 'DELETE', params: { id }, headers }),
    addColumn: (id: string, json: unknown) => client.call(columns.POST, `${b(id)}/columns`, { json, params: { id }, headers }),
    patchColumn: (id: string, columnId: string, json: unknown) =>
      client.call(columnOne.PATCH, `${b(id)}/columns/${columnId}`, { method: 'PATCH', json, params: { id, columnId }, headers }),
    addLabel: (id: string, json: unknown) => client.call(labels.POST, `${b(id)}/labels`, { json, params: { id }, headers }),
    patchLabel: (id: string, labelId: string, json: unknown) =>
      client.call(labelOne.PATCH, `${b(id)}/labels/${labelId}`, { method: 'PATCH', json, params: { id, labelId }, headers }),
    removeLabel: (id: string, labelId: string) =>
      client.call(labelOne.DELETE, `${b(id)}/labels/${labelId}`, { method: 'DELETE', params: { id, labelId }, headers }),
    addCard: (id: string, json: unknown) => client.call(cards.POST, `${b(id)}/cards`, { json, params: { id }, headers }),
    card: (id: string, cardId: string) => client.call(cardOne.GET, c(id, cardId), { method: 'GET', params: { id, cardId }, headers }),
    patchCard: (id: string, cardId: string, json: unknown) =>
      client.call(cardOne.PATCH, c(id, cardId), { method: 'PATCH', json, params: { id, cardId }, headers }),
    move: (id: string, cardId: string, json: unknown) => client.call(move.POST, `${c(id, cardId)}/move`, { json, params: { id, cardId }, headers }),
    bulk: (id: string, json: unknown) => client.call(bulk.POST, `${b(id)}/cards/bulk`, { json, params: { id }, headers }),
    comment: (id: string, cardId: string, json: unknown) => client.call(comments.POST, `${c(id, cardId)}/comments`, { json, params: { id, cardId }, headers }),
    upload: (id: string, cardId: string, form: FormData) => client.call(files.POST, `${c(id, cardId)}/files`, { form, params: { id, cardId }, headers }),
    file: (id: string, cardId: string, fileId: string) =>
      client.call(fileOne.GET, `${c(id, cardId)}/files/${fileId}`, { method: 'GET', params: { id, cardId, fileId }, headers }),
  };
}

let made = 0;

/**
 * A board with one column in the project, written straight to the database, and a maker of
 * card rows in that column assigned to `assigneeId` (insert them with `boardCards`).
 */
export async function cardRowsIn(db: Db, projectId: string, assigneeId: string, options: { archivedColumn?: boolean } = {}) {
  made += 1;
  const [board] = await db
    .insert(boards)
    .values({ projectId, name: `Board ${made}` })
    .returning({ id: boards.id });
  const [column] = await db
    .insert(boardColumns)
    .values({ projectId, boardId: board.id, name: 'Doing', rank: 'a', archivedAt: options.archivedColumn ? new Date() : null })
    .returning({ id: boardColumns.id });
  return (title: string, dueOn: string | null, over: Partial<typeof boardCards.$inferInsert> = {}) => {
    made += 1;
    return { projectId, boardId: board.id, columnId: column.id, rank: `a${made}`, title, dueOn, assigneeIds: [assigneeId], ...over };
  };
}

/** Every boards permission: what the boards tests' editors hold. */
export const BOARD_EDIT = ['BOARDS__VIEW', 'BOARDS__CREATE', 'BOARDS__UPDATE', 'BOARDS__DELETE'];

type Res = { status: number; body: { [k: string]: unknown } & { data?: { fields?: Record<string, string> } } };

/** The body of a boards answer, once its status is the expected one (the body shows when it is not). */
export function ok<T = unknown>(res: Res, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}
