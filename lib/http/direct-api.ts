import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { apiRouteTable, matchApiRoute, type ApiRoute } from './api-routes';

type Params = Record<string, string | string[]>;
type Handler = ((req: Request, next: { params: Promise<Params> }) => Promise<Response>) & { access?: unknown };
type RouteModule = { routeModule: { ensureUserland(): Promise<void>; userland: Record<string, unknown> } };
type NextRequestClass = new (input: string, init: RequestInit) => Request;

/**
 * Serves the app's API reads (GET and HEAD) without Next's request handling, which costs
 * more CPU per call than a cached signed-in read itself (docs/benchmarks.md, the signed-in
 * hot path's eighth round). The handlers are the very ones Next
 * runs, taken from its build, so there is one copy of every module and its state; only
 * handlers made with `route()` are called this way, since they read nothing but the request
 * (no `cookies()` or `headers()` from Next's request storage). Anything else (writes, other
 * handlers, paths Next would redirect or refuse) returns false and goes to Next.
 *
 * Call it once Next is prepared: `next/server` must not load before.
 */
export function directApi(distDir: string): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const load = createRequire(path.join(distDir, 'package.json'));
  const { NextRequest } = load('next/server') as { NextRequest: NextRequestClass };
  const table = apiRouteTable(JSON.parse(readFileSync(path.join(distDir, 'app-path-routes-manifest.json'), 'utf8')));
  const modules = new Map<ApiRoute, Promise<Record<string, unknown>>>();

  async function handlerOf(route: ApiRoute, method: string): Promise<Handler | null> {
    let userland = modules.get(route);
    if (!userland) {
      const { routeModule } = load(path.join(distDir, 'server', 'app', `${route.page}.js`)) as RouteModule;
      userland = routeModule.ensureUserland().then(() => routeModule.userland);
      modules.set(route, userland);
    }
    const exported = await userland;
    // HEAD is GET without the body, unless the route says otherwise.
    const handler = (method === 'HEAD' && exported.HEAD ? null : exported.GET) as Handler | undefined | null;
    return handler?.access ? handler : null;
  }

  return async function serve(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const match = matchApiRoute(table, query === -1 ? url : url.slice(0, query));
    const handler = match && (await handlerOf(match.route, req.method));
    if (!match || !handler) return false;
    let request: Request;
    try {
      request = new NextRequest(requestUrl(req, url), { method: req.method, headers: headersOf(req) });
    } catch {
      return false; // a Host no URL can hold: Next answers it as it does
    }
    const response = await handler(request, { params: Promise.resolve(match.params) });
    res.statusCode = response.status;
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
    if (!response.body || req.method === 'HEAD') {
      await response.body?.cancel();
      res.end();
    } else {
      // Ends the handler's stream too when the client goes away.
      await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res).catch(() => {});
    }
    return true;
  };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

// As Next builds it: the Host header, https when the socket or a proxy's X-Forwarded-Proto says so.
function requestUrl(req: IncomingMessage, url: string): string {
  const https = 'encrypted' in req.socket || String(req.headers['x-forwarded-proto'] ?? '').includes('https');
  return `${https ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}${url}`;
}
