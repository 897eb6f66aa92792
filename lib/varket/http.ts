import type { NextRequest } from 'next/server';
import { HttpError } from '../http/errors';
import { route, type ProjectContext, type RouteContext } from '../http/route';
import { textFor } from '../i18n/server-text';

// The module's own messages live in the `varket` namespace: errors thrown as `varket.<key>`
// are translated here, before the route wrapper (which passes unknown text through).
const PREFIX = 'varket.';

function localized(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>) {
  return async (req: NextRequest, ctx: ProjectContext): Promise<Response> => {
    try {
      return await handler(req, ctx);
    } catch (error) {
      if (!(error instanceof HttpError) || ![error.message, ...Object.values(error.fields)].some((k) => k.startsWith(PREFIX))) throw error;
      const t = textFor(ctx.locale, 'varket');
      const values = Object.fromEntries(
        Object.entries(error.extra).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'),
      );
      const tr = (key: string) => (key.startsWith(PREFIX) ? t(`errors.${key.slice(PREFIX.length)}`, values) : key);
      const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, tr(v)]));
      throw new HttpError(error.status, tr(error.message), fields, error.extra);
    }
  };
}

/** A success message from the module's namespace. */
export const said = (ctx: RouteContext, key: string, values?: Record<string, string | number>) => textFor(ctx.locale, 'varket')(`api.${key}`, values);

/** A route of the marketplace: the shared wrapper, 404 while root has not switched varket on. */
export function varketRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1] = {}) {
  return route<ProjectContext>(localized(handler), { ...options, extension: 'varket' });
}
