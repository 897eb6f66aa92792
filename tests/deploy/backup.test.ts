import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../bench/fresh-database';
import { Browser } from './browser';
import { baseEnv, halt, launch, type Instance } from './stack';

// The backup and restore of docs/deployment.md, as an operator runs them: a server writes a
// chat message with a file, stops; `npm run backup -- create`; `npm run backup -- restore`
// into a fresh data directory (and an empty database and bucket prefix); a server started on
// the restored copy serves the message and its file to the same login.

const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'atrio-backup-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  rmSync(work, { recursive: true, force: true });
});

type Sent = { data: { message: { id: string; attachments: { url: string }[] } } };
type Thread = { data: { messages: { id: string; body: string; attachments: { url: string }[] }[] } };
type Conversations = { data: { conversations: { id: string; title: string }[] } };

function backup(command: 'create' | 'restore', folder: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', command, folder], { cwd: ROOT, env, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

async function serve(name: string, dataDir: string, env: NodeJS.ProcessEnv): Promise<{ instance: Instance; origin: string; env: NodeJS.ProcessEnv }> {
  // Writes are checked against the Host the browser reached, so PUBLIC_URL need not name the port.
  const instance = await launch(name, dataDir, env);
  cleanups.push(() => halt(instance));
  return { instance, origin: `http://127.0.0.1:${instance.port}`, env };
}

async function general(browser: Browser): Promise<string> {
  const list = await (await browser.call('GET', '/api/chats/conversations?kind=team')).json<Conversations>();
  return list.data.conversations.find((c) => c.title === 'general')!.id;
}

/** Writes a message with a file as the demo owner; what to look for after the restore. */
async function write(origin: string, dataDir: string) {
  const browser = new Browser(origin);
  const password = readFileSync(path.join(dataDir, 'initial-demo-password'), 'utf8').trim();
  await browser.signIn('owner@demo.test', password);
  const form = new FormData();
  const text = `kept ${Date.now()}\n`;
  form.set('json', JSON.stringify({ body: 'before the backup' }));
  form.append('file_0', new Blob([text], { type: 'text/plain' }), 'kept.txt');
  const sent = await browser.call('POST', `/api/chats/conversations/${await general(browser)}/messages`, form);
  expect(sent.status).toBe(201);
  return { password, text, id: (await sent.json<Sent>()).data.message.id };
}

/** Signs in on the restored server with the old password and finds the message and its file. */
async function expectRestored(origin: string, kept: { password: string; text: string; id: string }) {
  const browser = new Browser(origin);
  await browser.signIn('owner@demo.test', kept.password);
  const thread = await (await browser.call('GET', `/api/chats/conversations/${await general(browser)}/messages`)).json<Thread>();
  const message = thread.data.messages.find((m) => m.id === kept.id);
  expect(message?.body).toBe('before the backup');
  const file = await browser.call('GET', new URL(message!.attachments[0].url, origin).pathname);
  expect(file.status).toBe(200);
  expect((await file.bytes()).toString()).toBe(kept.text);
}

describe('backup and restore', () => {
  it('the embedded database and its uploads: copied at rest, started again from a fresh data directory', async () => {
    const first = path.join(work, 'embedded-a');
    const source = await serve('embedded-a', first, baseEnv('http://127.0.0.1'));
    const kept = await write(source.origin, first);
    // At rest only: a running server holds the data directory.
    const refused = backup('create', path.join(work, 'refused'), { ...source.env, DATA_DIR: first });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('stop the server first');
    await halt(source.instance);

    const folder = path.join(work, 'embedded-backup');
    expect(backup('create', folder, { ...source.env, DATA_DIR: first }).status).toBe(0);
    const second = path.join(work, 'embedded-b');
    const restored = backup('restore', folder, { ...source.env, DATA_DIR: second });
    expect(restored.status, restored.output).toBe(0);
    const again = await serve('embedded-b', second, source.env);
    await expectRestored(again.origin, kept);
  });

  it('PostgreSQL and the bucket: dumped while serving, restored into an empty database and prefix', async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const bucket = new URL(process.env.STORAGE_URL!);
    const prefixed = (name: string) => {
      const url = new URL(bucket);
      url.pathname = `${url.pathname}/${name}`;
      return url.toString();
    };
    const one = await freshDatabase(server);
    const two = await freshDatabase(server);
    cleanups.push(one.drop, two.drop);
    const first = path.join(work, 'pg-a');
    const source = await serve('pg-a', first, { ...baseEnv('http://127.0.0.1'), DATABASE_URL: one.url, STORAGE_URL: prefixed(`a-${Date.now()}`) });
    const kept = await write(source.origin, first);

    const folder = path.join(work, 'pg-backup');
    const made = backup('create', folder, { ...source.env, DATA_DIR: first });
    expect(made.status, made.output).toBe(0);
    await halt(source.instance);

    const target = { ...source.env, DATA_DIR: path.join(work, 'pg-b'), DATABASE_URL: two.url, STORAGE_URL: prefixed(`b-${Date.now()}`) };
    const restored = backup('restore', folder, target);
    expect(restored.status, restored.output).toBe(0);
    // Restoring twice is refused: the database is no longer empty.
    expect(backup('restore', folder, { ...target, DATA_DIR: path.join(work, 'pg-c') }).output).toContain('not empty');
    const again = await serve('pg-b', target.DATA_DIR, target);
    await expectRestored(again.origin, kept);
  });
});
