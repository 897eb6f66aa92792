import type { NextRequest } from 'next/server';
import { moduleText } from '../http/module-text';
import { route, type ProjectContext } from '../http/route';

export const { localized, said } = moduleText('photomagik');

/** A dashboard route of the image tool: the shared wrapper, 404 while the extension is off. */
export function photomagikRoute(handler: (req: NextRequest, ctx: ProjectContext) => Promise<Response>, options: Parameters<typeof route>[1]) {
  return route<ProjectContext>(localized(handler), { ...options, extension: 'photomagik' });
}
