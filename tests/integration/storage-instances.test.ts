import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as publicFile } from '@/app/api/files/[...key]/route';
import { POST as accountGeneral } from '@/app/api/auth/accountGeneral/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { resetEnv } from '@/lib/env';
import { storage } from '@/lib/storage';
import { NextRequest } from 'next/server';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import { accountsDb } from './helpers/accounts';
import { startInstance } from './helpers/instance';
import { multipart, type Client } from './helpers/http';
import { buildWorld, type Member, type World } from './matrix/world';

// Two app instances behind a load balancer share the database and the storage, nothing
// else: an upload through one must be served by the other. They do with a bucket
// (STORAGE_URL); on local disks they cannot, which is why the bucket exists.

let handle: Awaited<ReturnType<typeof accountsDb>>;
const w = {} as World;
beforeAll(async () => {
  handle = await accountsDb();
  Object.assign(w, await buildWorld(handle.db));
});
afterAll(async () => handle?.cleanup());
const bus = setupChatBus();
const shared = () => Boolean(process.env.STORAGE_URL);

const png = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

/** Points this process at another instance's own upload folder (its disk); the database and STORAGE_URL stay. */
function becomeInstance(dir: string) {
  process.env.UPLOAD_DIR = dir;
  resetEnv();
}

const publicGet = (url: string) => publicFile(new NextRequest(`http://localhost:3000${url}`, { headers: { host: 'localhost:3000' } }));

async function uploads(member: Member) {
  const api = chatApi(member.client);
  const avatar = await member.client.call(accountGeneral, '/api/auth/accountGeneral', {
    form: multipart({ name: 'Two Instances', email: member.email, timeZone: 'UTC' }, [['avatar', { bytes: await png('#3366ff'), type: 'image/png' }]]),
  });
  expect(avatar.status, JSON.stringify(avatar.body)).toBe(200);
  const conversation = (await api.create({ kind: 'channel', name: `Files ${Date.now()}` })).body.data.conversation.id;
  const sent = await api.send(conversation, messageForm('here', [{ bytes: new TextEncoder().encode('a,b\n1,2\n'), type: 'text/csv', name: 'table.csv' }]));
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { api, avatarUrl: avatar.body.avatar as string, attachmentUrl: sent.body.data.message.attachments[0].url as string };
}

describe('two instances on one database', () => {
  let otherDir: string;
  let firstDir: string;
  beforeAll(() => {
    firstDir = bus.uploadDir;
    otherDir = mkdtempSync(path.join(tmpdir(), 'atrio-instance-b-'));
  });
  afterAll(() => {
    becomeInstance(firstDir);
    rmSync(otherDir, { recursive: true, force: true });
  });

  it(`serve each other's uploads ${shared() ? 'from the shared bucket' : '— not on local disks (run under scripts/with-s3.sh for the bucket)'}`, async () => {
    const member = await w.memberOf('A', ['CHATS__TEAM']);
    const { api, avatarUrl, attachmentUrl } = await uploads(member);
    const here = storage();
    expect((await publicGet(avatarUrl)).status).toBe(200);

    becomeInstance(otherDir);
    expect(storage()).not.toBe(here);
    const avatar = await publicGet(avatarUrl);
    const attachment = await api.file(attachmentUrl);
    if (!shared()) {
      expect([avatar.status, attachment.status]).toEqual([404, 404]);
      return;
    }
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).width).toBe(256);
    expect(attachment.status).toBe(200);
    expect(await attachment.text()).toBe('a,b\n1,2\n');

    // A new avatar uploaded here removes the old file for both.
    const replaced = await member.client.call(accountGeneral, '/api/auth/accountGeneral', {
      form: multipart({ name: 'Two Instances', email: member.email, timeZone: 'UTC' }, [['avatar', { bytes: await png('#ff6633'), type: 'image/png' }]]),
    });
    expect(replaced.status).toBe(200);
    becomeInstance(firstDir);
    expect((await publicGet(avatarUrl)).status).toBe(404);
    expect((await publicGet(replaced.body.avatar)).status).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('an instance in a process of its own, on the same PostgreSQL', () => {
  let child: ChildProcess | undefined;
  let dir: string;
  afterAll(() => {
    child?.stdin?.end();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<string> {
    dir = mkdtempSync(path.join(tmpdir(), 'atrio-instance-c-'));
    const env = {
      ...process.env,
      DATABASE_URL: handle.databaseUrl,
      DATA_DIR: path.join(dir, 'data'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      LOG_LEVEL: 'warn',
    };
    const started = await startInstance('files-process.ts', env);
    child = started.child;
    const port = started.port;
    return `http://127.0.0.1:${port}`;
  }

  const fetchAs = (client: Client, url: string) => fetch(url, { headers: { cookie: `${AUTH_COOKIE}=${client.cookie}` } });

  it(`serves what this one stored ${shared() ? '(one bucket)' : '— not from local disks'}`, async () => {
    const origin = await start();
    const member = await w.memberOf('A', ['CHATS__TEAM']);
    const outsider = await w.memberOf('B', ['CHATS__TEAM']);
    const { avatarUrl, attachmentUrl } = await uploads(member);

    const avatar = await fetch(origin + avatarUrl);
    const attachment = await fetchAs(member.client, origin + attachmentUrl);
    if (!shared()) {
      expect([avatar.status, attachment.status]).toEqual([404, 404]);
      return;
    }
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).format).toBe('webp');
    expect(attachment.status).toBe(200);
    expect(await attachment.text()).toBe('a,b\n1,2\n');
    // The other instance checks who may read it against the shared database, as this one does.
    expect((await fetchAs(outsider.client, origin + attachmentUrl)).status).toBe(404);
    expect((await fetch(origin + attachmentUrl)).status).toBe(401);
  });
});
