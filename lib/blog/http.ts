import type { NextRequest } from 'next/server';
import { moduleText } from '../http/module-text';
import { route, type ProjectContext } from '../http/route';

export const { localized, said } = moduleText('blog');

/** A dashboard route of the blog: the shared wrapper, 404 while the extension is off. */
export function blogRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1]) {
  return route<ProjectContext>(localized(handler), { ...options, extension: 'blog' });
}
