import type { NextRequest } from 'next/server';
import { HttpError } from '../http/errors';
import { route, type ProjectContext, type RouteContext } from '../http/route';
import { textFor } from '../i18n/server-text';

// The module's own messages live in the `photomagik` namespace (one block, easy to merge): errors
// thrown as `photomagik.<key>` are translated here before the route wrapper, which passes text it
// has no key for through unchanged. Validation tokens in fields are left for the wrapper.
const PREFIX = 'photomagik.';

export function localized<C extends RouteContext>(handler: (req: NextRequest, ctx: C) => Promise<Response>) {
  return async (req: NextRequest, ctx: C): Promise<Response> => {
    try {
      return await handler(req, ctx);
    } catch (error) {
      if (!(error instanceof HttpError) || ![error.message, ...Object.values(error.fields)].some((k) => k.startsWith(PREFIX))) throw error;
      const t = textFor(ctx.locale, 'photomagik');
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
export const said = (ctx: RouteContext, key: string, values?: Record<string, string | number>) => textFor(ctx.locale, 'photomagik')(`api.${key}`, values);

/** A dashboard route of the image tool: the shared wrapper, 404 while the extension is off. */
export function photomagikRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1]) {
  return route<ProjectContext>(localized(handler), { ...options, extension: 'photomagik' });
}
