import { landingPath } from '@/lib/routes/guard';

/** Where to go after signing in: the guard's `redir` when it is a path of this site, else the dashboard. */
export function afterSignIn(search: string): string {
  return landingPath(new URLSearchParams(search).get('redir')) ?? '/dashboard';
}
