import type { NextRequest } from 'next/server';
import { parseWith } from '../http/body';
import { HttpError } from '../http/errors';
import { route, type ProjectContext, type RouteContext } from '../http/route';
import { textFor } from '../i18n/server-text';
import { responsesQuerySchema, type ResponsesQuery } from './schemas';

/** The responses list's filters from the query string, checked like any body. */
export function responsesQuery(req: NextRequest): ResponsesQuery {
  const params = Object.fromEntries([...req.nextUrl.searchParams].filter(([, v]) => v !== ''));
  return parseWith(responsesQuerySchema, params);
}

/**
 * The module's own messages live in the `interviews` namespace (one block, easy to merge)
 * rather than `api`: errors thrown as `interviews.<key>` are translated here before the
 * route wrapper sees them, which passes text it has no key for through unchanged.
 */
export function localized<C extends RouteContext>(handler: (req: NextRequest, ctx: C) => Promise<Response>) {
  return async (req: NextRequest, ctx: C): Promise<Response> => {
    try {
      return await handler(req, ctx);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.message.startsWith(PREFIX)) throw error;
      const t = textFor(ctx.locale, 'interviews');
      const values = Object.fromEntries(
        Object.entries(error.extra).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'),
      );
      const tr = (key: string) => (key.startsWith(PREFIX) ? t(`errors.${key.slice(PREFIX.length)}`, values) : key);
      const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, tr(v)]));
      throw new HttpError(error.status, tr(error.message), fields, error.extra);
    }
  };
}

const PREFIX = 'interviews.';

/** A success message from the module's namespace. */
export const said = (ctx: RouteContext, key: string, values?: Record<string, string | number>) => textFor(ctx.locale, 'interviews')(`api.${key}`, values);

/** A project route of this module: the shared wrapper, with the module's messages translated. */
export function interviewRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1]) {
  return route<ProjectContext>(localized(handler), options);
}
