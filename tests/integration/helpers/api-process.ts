// A second app instance in a process of its own: a few signed-in API routes, behind the
// real route wrapper, on the PostgreSQL database named by DATABASE_URL, with its own callers'
// cache fed by LISTEN/NOTIFY. Prints its port once that feed is live; serves until stdin closes.
import { createServer, type IncomingMessage } from 'node:http';
import { NextRequest } from 'next/server';
import { POST as session } from '@/app/api/auth/session/route';
import { GET as posts } from '@/app/api/blog/posts/route';
import { GET as board } from '@/app/api/boards/[id]/route';
import { GET as unread } from '@/app/api/chats/unread/route';
import { callerCache } from '@/lib/auth/callers';
import { openSupportCount } from '@/lib/chats/counts';
import { dbHandle } from '@/lib/db/client';
import { serveUntilStdinEnds } from './instance';

type Handler = (req: NextRequest, next?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {
  'POST /api/auth/session': session,
  'GET /api/blog/posts': posts,
  'GET /api/chats/unread': unread,
};

const handle = dbHandle();
const feed = handle.changes();
while (!feed.live()) await new Promise((resolve) => setTimeout(resolve, 20));

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  headers.set('host', 'localhost:3000');
  return headers;
}

const server = createServer(async (req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/stats') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(callerCache(handle).stats()));
  if (path === '/stats/boards')
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(callerCache(handle, 'boards').stats()));
  if (path === '/open-support') {
    // The dashboard home's count, through this instance's cache, for a support member of the project named.
    const projectId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('project') ?? '';
    const n = await openSupportCount(handle.db, { userId: '', projectId, grant: { isRoot: false, permissions: ['CHATS__SUPPORT'] } });
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(n));
  }
  const boardId = req.method === 'GET' ? /^\/api\/boards\/([^/]+)$/.exec(path)?.[1] : undefined;
  const handler = boardId ? board : routes[`${req.method} ${path}`];
  if (!handler) return void res.writeHead(404).end();
  const request = new NextRequest(`http://localhost:3000${req.url}`, { method: req.method, headers: headersOf(req) });
  const params: Record<string, string> = boardId ? { id: boardId } : {};
  const answer = await handler(request, { params: Promise.resolve(params) });
  res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
});
serveUntilStdinEnds(server);
