import { notFound, redirect } from 'next/navigation';
import { currentViewer } from '../auth/current';
import type { Viewer, ViewerProfile, ViewerProject } from '../auth/service';
import { routes, type RouteDef, type RouteName } from '../routes/table';
import { hasPermissions } from './check';

export type ConnectedViewer = Viewer & { project: ViewerProject; profile: ViewerProfile };

/**
 * For a connected page's server component: the viewer as the database sees them now.
 * The proxy guard reads the token's permissions, which may be up to ten minutes old; this
 * re-check makes a removed permission or membership count on the very next page load.
 */
export async function connectedViewer(name: RouteName): Promise<ConnectedViewer> {
  const route: RouteDef = routes[name];
  const viewer = await currentViewer();
  if (!viewer) redirect('/logout');
  if (!viewer.project || !viewer.profile) redirect('/dashboard');
  // An extension that is off does not exist for the project.
  if (route.extension && !viewer.project.extensions.includes(route.extension)) notFound();
  if (!hasPermissions(viewer.profile, route.permissions ?? [], route.mode)) redirect('/403');
  return viewer as ConnectedViewer;
}

/** Whether the active profile holds a permission (for showing actions the API would allow). */
export function can(viewer: ConnectedViewer, ...required: Parameters<typeof hasPermissions>[1]): boolean {
  return hasPermissions(viewer.profile, required);
}

/**
 * For a root page's server component: the platform root as the database sees them now
 * (the proxy only read the token). Anyone else goes to /login, as SPEC.md's root guard says.
 */
export async function rootViewer(): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) redirect('/logout');
  if (!viewer.user.isRoot) redirect('/login');
  return viewer;
}
