import type { NextRequest } from 'next/server';
import { moduleText } from '../http/module-text';
import { route, type ProjectContext } from '../http/route';

export const { localized, said } = moduleText('varket');

/** A route of the marketplace: the shared wrapper, 404 while root has not switched varket on. */
export function varketRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1] = {}) {
  return route<ProjectContext>(localized(handler), { ...options, extension: 'varket' });
}
