import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { env } from '@/lib/env';
import { logger } from '@/lib/log/logger';
import { sweepAtStart, sweepBucket } from '@/lib/ops/sweep';
import { projectFiles } from '@/lib/projects/tables';
import { storage, type Storage } from '@/lib/storage';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import { setupWorld } from './matrix/world';

// The start-up sweep on a bucket (STORAGE_URL): what upload-sweep.test.ts checks on the
// local folder. S3 says when an object was written and nobody can backdate it, so the
// orphans here count as old by sweeping with a cutoff in the future.

const w = setupWorld();
const bus = setupChatBus();
const bytes = (text: string) => new TextEncoder().encode(text);
const EVERYTHING_OLD = -60_000;

const listable = (s: Storage) => ({ list: s.list!.bind(s), delete: s.delete.bind(s) });

describe.skipIf(!process.env.STORAGE_URL)('the start-up sweep of the bucket', () => {
  it('removes orphans no row names, and nothing a row names, anything young or anything not ours', async () => {
    const s = storage();
    expect(s.list).toBeTypeOf('function');
    const projectId = w.project.A.id;
    const staff = await w.memberOf('A', ['CHATS__TEAM']);
    const api = chatApi(staff.client);
    const conversationId = (await api.create({ kind: 'channel', name: 'Sweep' })).body.data.conversation.id;
    const sent = await api.send(conversationId, messageForm('kept', [{ bytes: bytes('kept\n'), type: 'text/plain', name: 'kept.txt' }]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const chatKept = `chats/${projectId}/${conversationId}/${sent.body.data.message.attachments[0].id}`;

    const projectKept = `projects/${projectId}/files/${crypto.randomUUID()}`;
    await s.put(projectKept, bytes('kept'), 'application/pdf');
    await w.db.insert(projectFiles).values({ projectId, key: projectKept, name: 'kept.pdf', contentType: 'application/pdf', size: 4 });

    const projectOrphan = `projects/${projectId}/files/${crypto.randomUUID()}`;
    const chatOrphan = `chats/${projectId}/${conversationId}/${crypto.randomUUID()}`;
    const leftAlone = [
      'chats/readme.txt',
      `projects/${projectId}/files/notes.txt`,
      `public/avatars/${crypto.randomUUID()}/0123456789abcdef.webp`,
      'backup.tar',
    ];
    for (const key of [projectOrphan, chatOrphan, ...leftAlone]) await s.put(key, bytes('left behind'), 'application/octet-stream');

    // Written just now: a write in progress here or on another instance, never touched.
    expect(await sweepBucket(w.db, listable(s))).toEqual({ temporary: 0, orphaned: 0 });
    expect(await s.get(chatOrphan)).not.toBeNull();

    expect(await sweepBucket(w.db, listable(s), EVERYTHING_OLD)).toEqual({ temporary: 0, orphaned: 2 });
    for (const key of [projectOrphan, chatOrphan]) expect(await s.get(key), key).toBeNull();
    for (const key of [projectKept, chatKept, ...leftAlone]) expect(await s.get(key), key).not.toBeNull();
    expect(await (await api.file(sent.body.data.message.attachments[0].url)).text()).toBe('kept\n');

    // A second start has nothing left to do.
    expect(await sweepBucket(w.db, listable(s), EVERYTHING_OLD)).toEqual({ temporary: 0, orphaned: 0 });
  });

  it('is what the server runs at start: one log line naming the bucket, never its credentials, and no disk', async () => {
    const info = vi.spyOn(logger, 'info');
    try {
      await sweepAtStart(w.db, bus.uploadDir);
      const line = info.mock.calls.find(([, msg]) => msg === 'upload bucket swept');
      expect(line?.[0]).toMatchObject({ temporary: 0, orphaned: 0, bucket: expect.stringContaining('127.0.0.1') });
      const config = env().storage;
      const secret = config.driver === 's3' ? config.credentials?.secretAccessKey : undefined;
      expect(secret).toBeTruthy();
      expect(JSON.stringify(line)).not.toContain(`:${secret}@`);
      expect(JSON.stringify(line)).not.toMatch(/S3RVER:/);
      expect(readdirSync(bus.uploadDir)).toEqual([]);
    } finally {
      info.mockRestore();
    }
  });
});
