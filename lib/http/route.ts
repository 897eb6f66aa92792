import { NextResponse, type NextRequest } from 'next/server';
import type { Extension } from '../access/extensions';
import type { Permission } from '../access/permissions';
import { hasPermissions } from '../access/check';
import { viewerOf } from '../auth/current';
import { getDb } from '../db/client';
import { isBadInput, isDatabaseUnavailable } from '../db/errors';
import { env } from '../env';
import type { Locale } from '../i18n/locales';
import { localeOf, textFor } from '../i18n/server-text';
import { errorFields } from '../log/errors';
import { logger } from '../log/logger';
import { fieldErrors, translateToken } from '../validation/messages';
import { assertStorable, ValidationError } from './body';
import { recordApi } from '../eventlogs/capture';
import { clientIp } from './client-ip';
import { HttpError, errorBody } from './errors';
import { LIMITS, enforce } from './rate-limit';

import type { RouteContext, SignedInContext } from './context';

export { actorOf, type ProjectContext, type RouteContext, type SignedInContext } from './context';

type Options = {
  /** 'required' (default) answers 401 without a live session; 'none' skips the lookup. */
  auth?: 'required' | 'optional' | 'none';
  /** Needs an active project and profile (implied by `permissions`); the context gets both. */
  connected?: boolean;
  permissions?: readonly Permission[];
  mode?: 'all' | 'some';
  /** Needs the platform root user. */
  root?: boolean;
  /** The project extension that must be on; off answers 404 as if the API did not exist. */
  extension?: Extension;
  /** A per-address limit counted before the body is even read, so malformed floods count too. */
  rateLimit?: keyof typeof LIMITS;
};

/** Browsers send Origin on state-changing requests; a foreign one is refused. */
export function sameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get('origin');
  if (!origin) return true; // non-browser clients
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  try {
    const o = new URL(origin);
    return o.host === host || o.origin === env().PUBLIC_URL;
  } catch {
    return false;
  }
}

const DB_RETRY_AFTER_S = 5;

function errorResponse(error: unknown, locale: Locale): Response {
  const t = textFor(locale, 'api');
  if (error instanceof ValidationError) {
    const fields = fieldErrors({ issues: error.issues }, textFor(locale, 'validation'));
    return NextResponse.json(errorBody(t('invalidInput'), fields), { status: 400 });
  }
  if (error instanceof HttpError) {
    const v = textFor(locale, 'validation');
    const values = Object.fromEntries(
      Object.entries(error.extra).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'),
    );
    // An `api` key is filled with the error's values; a validation token carries its own.
    const fields = Object.fromEntries(Object.entries(error.fields).map(([k, message]) => [k, translateToken(t(message, values), v)]));
    const headers = new Headers();
    const retryAfter = error.extra.retryAfter;
    if (typeof retryAfter === 'number') headers.set('Retry-After', String(retryAfter));
    return NextResponse.json(errorBody(t(error.message, values), fields, error.extra), { status: error.status, headers });
  }
  if (isDatabaseUnavailable(error)) {
    // The database's failure, not the request's: worth a retry in a moment. The stack would
    // add nothing to one line per refused request; the code and cause say what failed.
    const { stack: _stack, ...fields } = errorFields(error);
    logger.warn(fields, 'database unavailable');
    return NextResponse.json(errorBody(t('databaseUnavailable')), { status: 503, headers: { 'Retry-After': String(DB_RETRY_AFTER_S) } });
  }
  if (isBadInput(error)) {
    // Values a schema should have refused: the request's fault, so a 400 and a warning (the
    // code and statement, to find the missing check), not an error line per request.
    const { stack: _stack, ...fields } = errorFields(error);
    logger.warn(fields, 'input refused by the database');
    return NextResponse.json(errorBody(t('invalidInput')), { status: 400 });
  }
  // The error's code and statement only: a failed query's bound values are the caller's data.
  logger.error(errorFields(error), 'route failed');
  return NextResponse.json(errorBody(t('internal')), { status: 500 });
}

/**
 * The query and the path's segments, checked like a body: handlers read them with
 * `searchParams.get` or `param()` and pass them to queries, where a NUL is a database error.
 */
async function assertStorableUrl(req: NextRequest, params: Promise<Record<string, string | string[]>> | undefined): Promise<void> {
  for (const [name, value] of req.nextUrl.searchParams) assertStorable({ [name]: value });
  if (params) assertStorable(await params);
}

/** What a route declares about its callers; the authorization matrix test reads it. */
export type RouteAccess = Required<Pick<Options, 'auth' | 'connected' | 'permissions' | 'mode' | 'root'>> & { extension: Extension | null };

type Handler = ((req: NextRequest, next?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>) & { access: RouteAccess };

/**
 * The route wrapper: origin check on writes, the caller's session and declared
 * permissions, and every error mapped to SPEC.md's shape in the caller's language.
 */
export function route<C extends RouteContext = SignedInContext>(handler: (req: NextRequest, ctx: C) => Promise<Response>, options: Options = {}): Handler {
  const { auth = 'required', permissions = [], mode = 'all', rateLimit, root = false, extension } = options;
  const connected = Boolean(options.connected || permissions.length > 0 || extension);
  const access: RouteAccess = { auth, connected, permissions, mode, root, extension: extension ?? null };
  const wrapped = async (req: NextRequest, next?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const locale = localeOf(req.headers, req.cookies.get('NEXT_LOCALE')?.value);
    const started = performance.now();
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD' && !sameOrigin(req)) throw new HttpError(403, 'crossSite');
      if (rateLimit) await enforce(getDb(), `${rateLimit}:${clientIp(req)}`, LIMITS[rateLimit]);
      const viewer = auth === 'none' ? null : await viewerOf(getDb(), req);
      if ((auth === 'required' || connected || root) && !viewer) throw new HttpError(401, 'notSignedIn');
      if (root && !viewer?.user.isRoot) throw new HttpError(403, 'forbidden');
      // The active pair is re-read on every call: a removed membership or a disabled
      // project disconnects here, not at token expiry.
      if (connected && !(viewer?.project && viewer.profile)) throw new HttpError(403, 'notConnected');
      if (extension && !viewer?.project?.extensions.includes(extension)) throw new HttpError(404, 'notFound');
      if (permissions.length > 0 && !hasPermissions(viewer?.profile, permissions, mode)) throw new HttpError(403, 'forbidden');
      await assertStorableUrl(req, next?.params);
      const ctx = {
        req,
        // Read on use: routes that never touch the database (files, health) need none open.
        get db() {
          return getDb();
        },
        locale,
        t: textFor(locale, 'api'),
        ip: clientIp(req),
        userAgent: (req.headers.get('user-agent') ?? '').slice(0, 400),
        viewer,
        project: viewer?.project ?? null,
        profile: viewer?.profile ?? null,
        params: next?.params ?? Promise.resolve({}),
      } as unknown as C;
      return recordApi(ctx, await handler(req, ctx), started);
    } catch (error) {
      return errorResponse(error, locale);
    }
  };
  return Object.assign(wrapped, { access });
}

/** A dynamic segment of the route's path; '' when absent, so fetch-or-throw helpers answer 404. */
export async function param(ctx: RouteContext, name: string): Promise<string> {
  const value = (await ctx.params)[name];
  return typeof value === 'string' ? value : '';
}

/** JSON that is never cached: every API answer is about one caller. */
export function json(body: unknown, init: ResponseInit = {}): NextResponse {
  const res = NextResponse.json(body, init);
  res.headers.set('Cache-Control', 'no-store');
  return res;
}
