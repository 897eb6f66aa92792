import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { sweepUploads } from '@/lib/ops/sweep';
import { projectFiles } from '@/lib/projects/tables';
import { storage } from '@/lib/storage';
import { boardsApi } from './helpers/boards';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import { multipart } from './helpers/http';
import { requestsApi } from './helpers/requests';
import { setupWorld } from './matrix/world';

// What a crash between writing a file and committing (or after deleting) its row leaves behind,
// in the upload folder (the bucket's sweep: upload-sweep-bucket.test.ts).
const w = setupWorld();
setupChatBus({ local: true });

const HOUR = 60 * 60 * 1000;
const bytes = (text: string) => new TextEncoder().encode(text);
const file = (key: string) => path.join(env().uploadDir, key);
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(file(key), when, when);
};
/** A file put straight on disk (as a crash or another tool would leave it), `ms` old. */
function leave(key: string, ms = 2 * HOUR) {
  mkdirSync(path.dirname(file(key)), { recursive: true });
  writeFileSync(file(key), 'left behind');
  age(key, ms);
}

describe('the start-up sweep of the upload folder', () => {
  it('removes old orphans and half-written files, and nothing a row names, anything young or anything not ours', async () => {
    const projectId = w.project.A.id;
    const staff = await w.memberOf('A', ['CHATS__TEAM']);
    const api = chatApi(staff.client);
    const conversationId = (await api.create({ kind: 'channel', name: 'Sweep' })).body.data.conversation.id;
    const sent = await api.send(conversationId, messageForm('kept', [{ bytes: bytes('kept\n'), type: 'text/plain', name: 'kept.txt' }]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const chatKept = `chats/${projectId}/${conversationId}/${sent.body.data.message.attachments[0].id}`;

    const projectKept = `projects/${projectId}/files/${crypto.randomUUID()}`;
    await storage().put(projectKept, bytes('kept'), 'application/pdf');
    await w.db.insert(projectFiles).values({ projectId, key: projectKept, name: 'kept.pdf', contentType: 'application/pdf', size: 4 });

    const projectOrphan = `projects/${projectId}/files/${crypto.randomUUID()}`;
    const chatOrphan = `chats/${projectId}/${conversationId}/${crypto.randomUUID()}`;
    const sidecarOnly = `chats/${projectId}/${conversationId}/${crypto.randomUUID()}~meta`;
    const young = `chats/${projectId}/${conversationId}/${crypto.randomUUID()}`;
    const temporary = `public/avatars/${crypto.randomUUID()}/0123456789abcdef.webp~0a1b2c3d4e5f`;
    const leftAlone = [
      'chats/readme.txt',
      `projects/${projectId}/files/notes.txt`,
      `public/avatars/${crypto.randomUUID()}/0123456789abcdef.webp`,
      'backup.tar',
    ];
    await storage().put(projectOrphan, bytes('orphan'), 'application/pdf');
    await storage().put(chatOrphan, bytes('orphan'), 'text/plain');
    for (const key of [
      projectKept,
      `${projectKept}~meta`,
      chatKept,
      `${chatKept}~meta`,
      projectOrphan,
      `${projectOrphan}~meta`,
      chatOrphan,
      `${chatOrphan}~meta`,
    ])
      age(key, 2 * HOUR);
    leave(sidecarOnly);
    leave(temporary);
    leave(young, 10 * 60 * 1000);
    for (const key of leftAlone) leave(key);

    expect(await sweepUploads(w.db, env().uploadDir)).toEqual({ temporary: 1, orphaned: 2 });

    for (const key of [projectOrphan, `${projectOrphan}~meta`, chatOrphan, `${chatOrphan}~meta`, sidecarOnly, temporary])
      expect(existsSync(file(key)), key).toBe(false);
    for (const key of [projectKept, `${projectKept}~meta`, chatKept, `${chatKept}~meta`, young, ...leftAlone]) expect(existsSync(file(key)), key).toBe(true);
    // What the rows name still downloads.
    expect((await storage().get(projectKept))?.contentType).toBe('application/pdf');
    expect(await (await api.file(sent.body.data.message.attachments[0].url)).text()).toBe('kept\n');

    // A second start has nothing left to do.
    expect(await sweepUploads(w.db, env().uploadDir)).toEqual({ temporary: 0, orphaned: 0 });
  });

  it('sweeps the cards’ and the requests’ attachments the same way', async () => {
    const projectId = w.project.A.id;
    // JSON text, so the kept card file reads back through the API client.
    const text = (name: string): [string, { bytes: Uint8Array; type: string; name: string }] => [
      'file_0',
      { bytes: bytes(`{"name":"${name}"}\n`), type: 'text/plain', name },
    ];
    const editor = boardsApi((await w.memberOf('A', ['BOARDS__VIEW', 'BOARDS__CREATE', 'BOARDS__UPDATE'])).client);
    const board = (await editor.create({ name: 'Sweep' })).body.board.id as string;
    const column = (await editor.addColumn(board, { name: 'Todo' })).body.column.id as string;
    const card = (await editor.addCard(board, { columnId: column, title: 'With a file' })).body.card.id as string;
    const uploaded = await editor.upload(board, card, multipart({}, [text('card.txt')]));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const boardKept = `boards/${projectId}/${card}/${uploaded.body.files[0].id}`;

    const requester = requestsApi((await w.memberOf('A', [])).client);
    const opened = await requester.open({}, multipart({ projectId, subject: 'Sweep', type: 'question', body: 'x' }, [text('request.txt')]));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const requestId = opened.body.data.request.id as string;
    const [entry] = (await requester.own(requestId)).body.data.thread as { attachments: { id: string }[] }[];
    const requestKept = `requests/${projectId}/${requestId}/${entry.attachments[0].id}`;

    const boardOrphan = `boards/${projectId}/${card}/${crypto.randomUUID()}`;
    const requestOrphan = `requests/${projectId}/${requestId}/${crypto.randomUUID()}`;
    for (const key of [boardOrphan, requestOrphan]) leave(key);
    for (const key of [boardKept, requestKept]) age(key, 2 * HOUR);

    expect(await sweepUploads(w.db, env().uploadDir)).toEqual({ temporary: 0, orphaned: 2 });
    for (const key of [boardOrphan, requestOrphan]) expect(existsSync(file(key)), key).toBe(false);
    for (const key of [boardKept, requestKept]) expect(existsSync(file(key)), key).toBe(true);
    expect((await editor.file(board, card, uploaded.body.files[0].id)).body).toEqual({ name: 'card.txt' });
  });

  it('is fine with an upload folder that does not exist yet', async () => {
    expect(await sweepUploads(w.db, path.join(env().uploadDir, 'not-there'))).toEqual({ temporary: 0, orphaned: 0 });
  });
});
