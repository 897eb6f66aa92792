import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_COOKIE, decodeAuthCookie } from '../auth/cookie';
import { verifyAccessToken } from '../auth/tokens';
import { getDb } from '../db/client';
import type { RouteContext } from '../http/route';
import { logger } from '../log/logger';
import { isBot } from '../shell/bots';
import { EVENT_LOG_LIMITS as L } from './limits';
import { record, setRecording } from './recorder';
import { sweepEventLogs } from './retention';

// The two hooks the request path calls. Neither awaits anything before the response is
// sent: pages are captured once the response has finished, API calls only push to memory.

const NOT_PAGES = /^\/(api|_next|ws|static|sfx)(\/|$)/;
const FILE = /\.[a-z0-9]{1,8}$/i;
const PROJECT_PAGE = /^\/projects\/([^/]+)(\/|$)/;

/** A GET of a page: not the API, not an asset, not a prefetch the browser may never show. */
export function isPageView(method: string | undefined, path: string, headers: IncomingMessage['headers']): boolean {
  if (method !== 'GET' || NOT_PAGES.test(path) || FILE.test(path)) return false;
  return !headers['next-router-prefetch'] && headers['purpose'] !== 'prefetch' && headers['sec-purpose'] !== 'prefetch';
}

/** The referring page without its query string (which may carry tokens). */
function referrerOf(value: string | string[] | undefined): string {
  if (typeof value !== 'string') return '';
  try {
    const u = new URL(value);
    return `${u.origin}${u.pathname}`.slice(0, L.referrerMax);
  } catch {
    return '';
  }
}

function cookieValue(header: string | undefined, name: string): string | null {
  const found = header?.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

async function capturePage(req: IncomingMessage, status: number, durationMs: number): Promise<void> {
  const path = (req.url ?? '').split('?')[0];
  const at = new Date();
  // The signed-in member's active project, from the verified access token (no database).
  const claims = await verifyAccessToken(decodeAuthCookie(cookieValue(req.headers.cookie, AUTH_COOKIE))?.accessToken);
  record({
    at,
    kind: 'page',
    method: 'GET',
    path: path.slice(0, L.pathMax),
    status,
    durationMs,
    userId: claims?.sub ?? null,
    projectId: claims?.pid ?? null,
    projectKey: PROJECT_PAGE.exec(path)?.[1] ?? null,
    ip: String(req.headers['x-real-ip'] ?? req.socket.remoteAddress ?? ''),
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, L.userAgentMax),
    referrer: referrerOf(req.headers.referer),
  });
}

/** server.ts: called when a response has finished. */
export function recordPage(req: IncomingMessage, res: ServerResponse, durationMs: number): void {
  const path = (req.url ?? '').split('?')[0];
  if (!isPageView(req.method, path, req.headers) || isBot(req.headers['user-agent'])) return;
  void capturePage(req, res.statusCode, Math.round(durationMs)).catch(() => {});
}

/** The API route wrapper: records the call of a member connected to a project, returns the response untouched. */
export function recordApi(ctx: RouteContext, res: Response, started: number): Response {
  const project = ctx.viewer?.project;
  if (!project) return res;
  record({
    at: new Date(),
    kind: 'api',
    method: ctx.req.method,
    path: ctx.req.nextUrl.pathname.slice(0, L.pathMax),
    status: res.status,
    durationMs: Math.round(performance.now() - started),
    userId: ctx.viewer?.user.id ?? null,
    projectId: project.id,
    projectKey: null,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    referrer: referrerOf(ctx.req.headers.get('referer') ?? undefined),
  });
  return res;
}

/** server.ts, once at start: recording on, and the retention sweep now and every hour. */
export function startEventLogs(): void {
  setRecording(true);
  const sweep = () => void sweepEventLogs(getDb()).catch((error: unknown) => logger.warn({ err: String(error) }, 'event logs sweep failed'));
  sweep();
  setInterval(sweep, L.sweepEveryMs).unref();
}
