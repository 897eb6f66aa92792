import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as publicFile } from '@/app/api/files/[...key]/route';
import { GET as projectFile } from '@/app/api/root/projects/[id]/files/[fileId]/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { applyCsp } from '@/lib/http/csp-response';
import { projectFiles } from '@/lib/projects/tables';
import { storage } from '@/lib/storage';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import type { Client } from './helpers/http';
import { setupWorld } from './matrix/world';

// Stored files go out through the same wrapper as pages (server.ts), and must keep the
// policy their routes give them rather than the site's.
const w = setupWorld();
setupChatBus();

const SANDBOX = "default-src 'none'; sandbox";
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');

let next: () => Promise<Response>;
let server: Server;
let base: string;
beforeAll(async () => {
  // Copies a route's Response onto the Node response as Next does, behind applyCsp.
  server = createServer(async (_req, res) => {
    applyCsp(res, false);
    const answer = await next();
    res.statusCode = answer.status;
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function served(respond: () => Promise<Response>) {
  next = respond;
  const res = await fetch(`${base}/`);
  return { status: res.status, csp: res.headers.get('content-security-policy'), body: await res.text() };
}

const request = (path: string, client?: Client) =>
  new NextRequest(`http://localhost:3000${path}`, { headers: { host: 'localhost:3000', ...(client ? { cookie: `${AUTH_COOKIE}=${client.cookie}` } : {}) } });

describe('stored files keep their own Content-Security-Policy', () => {
  it('GET /api/files/public/… (an image, and an HTML file stored as public)', async () => {
    for (const [key, type] of [
      ['public/avatars/csp/a.webp', 'image/webp'],
      ['public/docs/csp/page.html', 'text/html'],
    ]) {
      await storage().put(key, HTML, type);
      const res = await served(() => publicFile(request(`/api/files/${key}`)));
      expect([res.status, res.csp]).toEqual([200, SANDBOX]);
    }
  });

  it('GET /api/chats/files/{messageId}/{fileId}', async () => {
    const staff = await w.memberOf('A', ['CHATS__TEAM']);
    const api = chatApi(staff.client);
    const id = (await api.create({ kind: 'channel', name: 'CSP files' })).body.data.conversation.id;
    const sent = await api.send(id, messageForm('', [{ bytes: new TextEncoder().encode('notes\n'), type: 'text/plain', name: 'notes.txt' }]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [file] = sent.body.data.message.attachments;
    const res = await served(() => api.file(file.url));
    expect([res.status, res.csp, res.body]).toEqual([200, SANDBOX, 'notes\n']);
  });

  it('GET /api/root/projects/{id}/files/{fileId}', async () => {
    const root = await w.signedIn({ root: true });
    const projectId = w.project.A.id;
    const key = `projects/${projectId}/files/${crypto.randomUUID()}`;
    await storage().put(key, HTML, 'text/html');
    const [row] = await w.db
      .insert(projectFiles)
      .values({ projectId, key, name: 'page.html', contentType: 'text/html', size: HTML.byteLength })
      .returning({ id: projectFiles.id });
    const path = `/api/root/projects/${projectId}/files/${row.id}`;
    const res = await served(() => projectFile(request(path, root.client), { params: Promise.resolve({ id: projectId, fileId: row.id }) }));
    expect([res.status, res.csp]).toEqual([200, SANDBOX]);
  });
});
