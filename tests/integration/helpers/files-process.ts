// A second server instance in a process of its own, for the stored-file routes only: its own
// UPLOAD_DIR and DATA_DIR, the database named by DATABASE_URL and the storage STORAGE_URL
// names (both from its environment). Prints its port, serves until stdin closes.
import { createServer } from 'node:http';
import { NextRequest } from 'next/server';
import { GET as publicFile } from '@/app/api/files/[...key]/route';
import { GET as chatFile } from '@/app/api/chats/files/[messageId]/[fileId]/route';
import { serveUntilStdinEnds } from './instance';

const CHAT_FILE = /^\/api\/chats\/files\/([^/]+)\/([^/]+)$/;

const server = createServer(async (req, res) => {
  const url = req.url ?? '/';
  const headers: Record<string, string> = { host: 'localhost:3000', 'x-real-ip': '127.0.0.1' };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  const request = new NextRequest(`http://localhost:3000${url}`, { method: 'GET', headers });
  const chat = CHAT_FILE.exec(url);
  const response = chat
    ? await chatFile(request, { params: Promise.resolve({ messageId: chat[1], fileId: chat[2] }) })
    : await publicFile(request, { params: Promise.resolve({}) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
serveUntilStdinEnds(server);
