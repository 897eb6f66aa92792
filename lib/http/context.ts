import type { NextRequest } from 'next/server';
import type { Viewer, ViewerProfile, ViewerProject } from '../auth/service';
import type { Db } from '../db/client';
import type { Locale } from '../i18n/locales';
import type { Text } from '../i18n/server-text';

// The route context without the route wrapper: services reach it without loading Next's
// server runtime, which the custom server (sockets, workers) must not import before Next starts.

/** Everything a handler needs about its request, resolved once by the wrapper. */
export type RouteContext = {
  req: NextRequest;
  db: Db;
  locale: Locale;
  /** The `api` namespace in the caller's language. */
  t: Text;
  ip: string;
  userAgent: string;
  /** Present when `auth` is 'required' (or 'optional' and signed in). */
  viewer: Viewer | null;
  params: Promise<Record<string, string | string[]>>;
};
export type SignedInContext = RouteContext & { viewer: Viewer };
/** A call acting inside the viewer's active project through their active profile. */
export type ProjectContext = SignedInContext & { project: ViewerProject; profile: ViewerProfile };

/** Who acts, in which project and from where: what an audit entry records. */
export function actorOf(ctx: SignedInContext): { userId: string; projectId: string | null; ip: string } {
  return { userId: ctx.viewer.user.id, projectId: ctx.viewer.project?.id ?? null, ip: ctx.ip };
}
