import { NextResponse, type NextRequest } from 'next/server';
import { env } from '../env';
import { logger } from '../log/logger';
import { HttpError, errorBody } from './errors';

type Handler = (req: NextRequest) => Promise<Response>;

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

/**
 * The route wrapper: origin check on writes and errors mapped to SPEC.md's shape.
 * The accounts and permissions work add authentication and declared permissions here.
 */
export function route(handler: Handler): Handler {
  return async (req) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD' && !sameOrigin(req)) throw new HttpError(403, 'Cross-site request refused');
      return await handler(req);
    } catch (error) {
      if (error instanceof HttpError) return NextResponse.json(errorBody(error.message, error.fields, error.extra), { status: error.status });
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'route failed');
      return NextResponse.json(errorBody('Internal error'), { status: 500 });
    }
  };
}
