import type { NextRequest } from 'next/server';
import { parseWith } from '../http/body';
import { moduleText } from '../http/module-text';
import { route, type ProjectContext } from '../http/route';
import { responsesQuerySchema, type ResponsesQuery } from './schemas';

/** The responses list's filters from the query string, checked like any body. */
export function responsesQuery(req: NextRequest): ResponsesQuery {
  const params = Object.fromEntries([...req.nextUrl.searchParams].filter(([, v]) => v !== ''));
  return parseWith(responsesQuerySchema, params);
}

export const { localized, said } = moduleText('interviews');

/** A project route of this module: the shared wrapper, with the module's messages translated. */
export function interviewRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1]) {
  return route<ProjectContext>(localized(handler), options);
}
