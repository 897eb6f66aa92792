import { describe, expect, it } from 'vitest';
import { apiRouteTable, matchApiRoute } from '../../lib/http/api-routes';

// As Next's build manifest names them: the route file (route groups and all) to its path.
const manifest = {
  '/api/health/route': '/api/health',
  '/api/boards/[id]/route': '/api/boards/[id]',
  '/api/boards/[id]/cards/bulk/route': '/api/boards/[id]/cards/bulk',
  '/api/boards/[id]/cards/[cardId]/route': '/api/boards/[id]/cards/[cardId]',
  '/api/files/[...key]/route': '/api/files/[...key]',
  '/api/docs/[[...slug]]/route': '/api/docs/[[...slug]]',
  '/[locale]/(public)/faq/page': '/[locale]/faq',
};
const table = apiRouteTable(manifest);
const match = (pathname: string) => {
  const found = matchApiRoute(table, pathname);
  return found && { path: found.route.path, params: found.params };
};

describe('the API route table', () => {
  it('holds the API routes only, with the file Next built each from', () => {
    expect(table.map((r) => r.path)).not.toContain('/[locale]/faq');
    expect(table.find((r) => r.path === '/api/files/[...key]')?.page).toBe('/api/files/[...key]/route');
    expect(table).toHaveLength(6);
  });

  it('matches fixed paths and dynamic segments, a fixed name first', () => {
    expect(match('/api/health')).toEqual({ path: '/api/health', params: {} });
    expect(match('/api/boards/b1')).toEqual({ path: '/api/boards/[id]', params: { id: 'b1' } });
    expect(match('/api/boards/b1/cards/bulk')).toEqual({ path: '/api/boards/[id]/cards/bulk', params: { id: 'b1' } });
    expect(match('/api/boards/b1/cards/c9')).toEqual({ path: '/api/boards/[id]/cards/[cardId]', params: { id: 'b1', cardId: 'c9' } });
  });

  it('decodes parameters as Next does, and catch-alls into their segments', () => {
    expect(match('/api/boards/a%20b')?.params).toEqual({ id: 'a b' });
    expect(match('/api/boards/a%2Fb')?.params).toEqual({ id: 'a/b' });
    expect(match('/api/files/p1/2026/x.png')).toEqual({ path: '/api/files/[...key]', params: { key: ['p1', '2026', 'x.png'] } });
    expect(match('/api/files')).toBeNull();
    expect(match('/api/docs')).toEqual({ path: '/api/docs/[[...slug]]', params: {} });
    expect(match('/api/docs/a/b')?.params).toEqual({ slug: ['a', 'b'] });
  });

  it('leaves to Next what it treats specially or does not have', () => {
    for (const path of [
      '/api/health/',
      '/api//health',
      '/api/boards/%E0%A4%A',
      '/api/boards/..',
      '/api/boards/%2E',
      '/api/nope',
      '/faq',
      '/api/boards/b1/extra/deep/path',
    ])
      expect(match(path), path).toBeNull();
  });
});
