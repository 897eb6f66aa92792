/** One segment of an API route's path as Next names it: `chats`, `[id]`, `[...key]` or `[[...key]]`. */
type Segment = { kind: 'static'; name: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string; optional: boolean };

export type ApiRoute = { path: string; page: string; segments: Segment[] };
export type ApiMatch = { route: ApiRoute; params: Record<string, string | string[]> };

const RANK = { static: 0, param: 1, rest: 2 } as const;

function segmentOf(part: string): Segment {
  const optional = /^\[\[\.\.\.(.+)\]\]$/.exec(part);
  if (optional) return { kind: 'rest', name: optional[1], optional: true };
  const rest = /^\[\.\.\.(.+)\]$/.exec(part);
  if (rest) return { kind: 'rest', name: rest[1], optional: false };
  const param = /^\[(.+)\]$/.exec(part);
  return param ? { kind: 'param', name: param[1] } : { kind: 'static', name: part };
}

// Next's precedence, segment by segment: a fixed name before a dynamic one before a catch-all.
function compare(a: ApiRoute, b: ApiRoute): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (!x || !y) return x ? 1 : -1;
    const order = RANK[x.kind] - RANK[y.kind] || (x.kind === 'static' && y.kind === 'static' ? x.name.localeCompare(y.name) : 0);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * The app's API routes from Next's build manifest (`app-path-routes-manifest.json`: the
 * route file's name, as `/api/chats/[id]/route`, to its path), in the order they match.
 */
export function apiRouteTable(manifest: Record<string, string>): ApiRoute[] {
  return Object.entries(manifest)
    .filter(([page, path]) => page.endsWith('/route') && path.startsWith('/api/'))
    .map(([page, path]) => ({ path, page, segments: path.split('/').slice(1).map(segmentOf) }))
    .sort(compare);
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function matchOne(route: ApiRoute, parts: string[]): ApiMatch['params'] | null {
  const params: ApiMatch['params'] = {};
  for (const [i, segment] of route.segments.entries()) {
    if (segment.kind === 'rest') {
      if (parts.length === i && !segment.optional) return null;
      if (parts.length > i) params[segment.name] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'static' && part !== segment.name) return null;
    if (segment.kind === 'param') params[segment.name] = part;
  }
  return parts.length === route.segments.length ? params : null;
}

/**
 * The route a request path reaches, with its decoded parameters; null for anything Next would
 * treat specially (a trailing slash it redirects, an empty or dot segment, a malformed escape
 * it refuses), so that such paths still go to Next.
 */
export function matchApiRoute(table: ApiRoute[], pathname: string): ApiMatch | null {
  if (!pathname.startsWith('/api/')) return null;
  const parts = pathname.split('/').slice(1).map(decode);
  if (parts.some((part) => part === null || part === '' || part === '.' || part === '..')) return null;
  for (const route of table) {
    const params = matchOne(route, parts as string[]);
    if (params) return { route, params };
  }
  return null;
}
