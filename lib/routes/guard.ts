import { hasPermissions } from '../access/check';
import type { AccessClaims } from '../auth/claims';
import { matchPath } from './match';
import type { RouteDef } from './table';

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string };

// A base no request can have: a value that resolves to any other origin is not a path of ours.
const PROBE = 'http://probe.invalid';

/**
 * Only same-site paths are followed, so `redir` cannot send users elsewhere. The value is
 * normalized the way the browser and `new URL()` will read it (dot segments, `%2e`) before
 * it is judged, and the normalized path is what is returned: `/.//evil.com` collapses to
 * `//evil.com`, which names another host, and is refused.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  // Backslashes and control characters are dropped or reinterpreted by URL parsers
  // (`/\t/evil.com` becomes `//evil.com`), so a value holding any of them is refused.
  if (!value || !value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE) return null;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * Where a `redir` may land after signing in or choosing a project: a same-site path, but
 * never one that acts on arrival (`/login?redir=/logout` must not sign the user out).
 */
export function landingPath(value: string | null | undefined): string | null {
  const path = safeRedirect(value);
  if (!path) return null;
  // `/logout/` is the same page to Next (it drops the trailing slash).
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  return matchPath(pathname)?.name === 'logout' ? null : path;
}

function withRedir(path: string, wanted: string): string {
  return `${path}?redir=${encodeURIComponent(wanted)}`;
}

export function isConnected(claims: AccessClaims | null): boolean {
  return Boolean(claims?.pid && claims?.ppid);
}

/**
 * SPEC.md section 2's guards. `wanted` is the requested path with its query;
 * `claims` are the verified access token's, or null without a valid token.
 */
export function decideGuard(route: RouteDef, claims: AccessClaims | null, wanted: string, redirParam?: string | null): GuardDecision {
  switch (route.guard) {
    case 'public':
      return { action: 'allow' };
    case 'noAuth':
      return claims ? { action: 'redirect', to: landingPath(redirParam) ?? '/dashboard' } : { action: 'allow' };
    case 'auth':
      return claims ? { action: 'allow' } : { action: 'redirect', to: withRedir('/login', wanted) };
    case 'connected':
      if (!claims) return { action: 'redirect', to: withRedir('/login', wanted) };
      if (!isConnected(claims)) return { action: 'redirect', to: withRedir('/dashboard', wanted) };
      if (!hasPermissions({ isRoot: claims.prr, permissions: claims.perms }, route.permissions ?? [], route.mode)) return { action: 'redirect', to: '/403' };
      return { action: 'allow' };
    case 'root':
      if (claims?.root) return { action: 'allow' };
      // Without a token the root can come back here after signing in.
      return { action: 'redirect', to: claims ? '/login' : withRedir('/login', wanted) };
  }
}
