import type { NextRequest } from 'next/server';
import { textFor } from '../i18n/server-text';
import { HttpError } from './errors';
import type { RouteContext } from './route';

type Values = Record<string, string | number>;

/**
 * A module whose messages live in its own namespace (one block, easy to merge) rather than
 * `api`: errors it throws as `<namespace>.<key>` (message or field) are translated from
 * `<namespace>.errors.<key>` before the route wrapper, which passes text it has no key for
 * through unchanged; success messages come from `<namespace>.api.<key>`.
 */
export function moduleText(namespace: string) {
  const prefix = `${namespace}.`;

  function localized<C extends RouteContext>(handler: (req: NextRequest, ctx: C) => Promise<Response>) {
    return async (req: NextRequest, ctx: C): Promise<Response> => {
      try {
        return await handler(req, ctx);
      } catch (error) {
        if (!(error instanceof HttpError) || ![error.message, ...Object.values(error.fields)].some((k) => k.startsWith(prefix))) throw error;
        const t = textFor(ctx.locale, namespace);
        const values = Object.fromEntries(
          Object.entries(error.extra).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'),
        );
        const tr = (key: string) => (key.startsWith(prefix) ? t(`errors.${key.slice(prefix.length)}`, values) : key);
        const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, tr(v)]));
        throw new HttpError(error.status, tr(error.message), fields, error.extra);
      }
    };
  }

  /** A success message from the module's namespace. */
  const said = (ctx: RouteContext, key: string, values?: Values) => textFor(ctx.locale, namespace)(`api.${key}`, values);

  return { localized, said };
}
