import { afterAll, describe, expect, it } from 'vitest';
import { resetEnv } from '@/lib/env';
import { storageOf } from '@/lib/quotas/service';
import { boardsApi } from './helpers/boards';
import { setupChatBus } from './helpers/chats';
import { multipart, type FilePart } from './helpers/http';
import { requestsApi } from './helpers/requests';
import { buildWorld, setupWorld, type Member, type World } from './matrix/world';

// The storage quotas (issue 13, item 11) bind the cards' and the requests' attachments as they
// bind chat files: counted by triggers (drizzle/0011), refused before the body is read when
// it cannot fit, exact inside the transaction, given back when the files go.

const w = setupWorld();
setupChatBus();
const KB = 1024;
const MB = 1024 * KB;
const EDITOR = ['BOARDS__VIEW', 'BOARDS__CREATE', 'BOARDS__UPDATE', 'BOARDS__DELETE'];
const STAFF = ['REQUESTS__VIEW', 'REQUESTS__CREATE', 'REQUESTS__UPDATE'];

function quotas(projectMb: number, userMb: number) {
  process.env.STORAGE_QUOTA_PROJECT_MB = String(projectMb);
  process.env.STORAGE_QUOTA_USER_MB = String(userMb);
  resetEnv();
}
afterAll(() => {
  delete process.env.STORAGE_QUOTA_PROJECT_MB;
  delete process.env.STORAGE_QUOTA_USER_MB;
  resetEnv();
});

const notes = (size: number, name = 'notes.txt'): FilePart => ({ bytes: new Uint8Array(size).fill(0x61), type: 'text/plain', name });
const files = (...parts: FilePart[]) =>
  multipart(
    {},
    parts.map((p, i): [string, FilePart] => [`file_${i}`, p]),
  );
async function used(world: World, m: Member) {
  return [(await storageOf(w.db, 'project', world.project.A.id)).used, (await storageOf(w.db, 'user', m.userId)).used];
}
async function cardOf(m: Member) {
  const api = boardsApi(m.client);
  const board = (await api.create({ name: 'Quota' })).body.board.id as string;
  const column = (await api.addColumn(board, { name: 'Todo' })).body.column.id as string;
  const card = (await api.addCard(board, { columnId: column, title: 'Files' })).body.card.id as string;
  return { api, board, card };
}

describe('storage quotas on cards and requests', () => {
  it('counts a card’s files, refuses what does not fit and gives the space back with the board', async () => {
    quotas(100, 1);
    const world = await buildWorld(w.db);
    const editor = await world.memberOf('A', EDITOR);
    const { api, board, card } = await cardOf(editor);
    expect((await api.upload(board, card, files(notes(600 * KB)))).status).toBe(201);
    expect(await used(world, editor)).toEqual([600 * KB, 600 * KB]);

    const refused = await api.upload(board, card, files(notes(600 * KB)));
    expect(refused.status).toBe(413);
    expect(refused.body.data).toMatchObject({ scope: 'user', leftBytes: 424 * KB, quotaBytes: MB });
    expect(await used(world, editor)).toEqual([600 * KB, 600 * KB]);
    expect((await api.card(board, card)).body.card.attachmentList).toHaveLength(1);

    expect((await api.remove(board)).status).toBe(200);
    expect(await used(world, editor)).toEqual([0, 0]);
  });

  it('holds parallel card uploads to the quota exactly', async () => {
    quotas(1, 100);
    const world = await buildWorld(w.db);
    const editor = await world.memberOf('A', EDITOR);
    const { api, board, card } = await cardOf(editor);
    // Each fits on its own when it is checked before reading; together they do not.
    const answers = await Promise.all([1, 2, 3].map(() => api.upload(board, card, files(notes(400 * KB)))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 413]);
    expect((await used(world, editor))[0]).toBe(800 * KB);
  });

  it('counts a request’s files, whoever writes, and refuses a reply that does not fit', async () => {
    quotas(100, 1);
    const world = await buildWorld(w.db);
    const user = await world.memberOf('A', []);
    const staff = await world.memberOf('A', STAFF);
    const mine = requestsApi(user.client);
    const opened = await mine.open(
      {},
      multipart({ projectId: world.project.A.id, subject: 'Logs', type: 'problem', body: 'Attached' }, [['file_0', notes(700 * KB, 'log.txt')]]),
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.data.request.id as string;
    expect(await used(world, user)).toEqual([700 * KB, 700 * KB]);

    const tooMuch = await mine.answer(id, {}, multipart({ body: 'More logs' }, [['file_0', notes(400 * KB, 'more.txt')]]));
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.body.data).toMatchObject({ scope: 'user' });
    expect(await used(world, user)).toEqual([700 * KB, 700 * KB]);

    // A staff note with a file counts for the project and its author.
    const note = await requestsApi(staff.client).reply(id, {}, multipart({ body: 'Our trace', internal: true }, [['file_0', notes(100 * KB, 'trace.txt')]]));
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(await used(world, staff)).toEqual([800 * KB, 100 * KB]);
  });
});
