import sharp from 'sharp';
import { blogCategoryIn, blogPostIn, uniqueBlogSlug } from '../../helpers/blog';
import { multipart } from '../../helpers/http';
import type { MatrixCase, ProjectName, World } from '../world';

const post = (w: World, p: ProjectName) => blogPostIn(w.db, w.project[p].id, { status: 'draft', publishedAt: null });
const category = (w: World, p: ProjectName) => blogCategoryIn(w.db, w.project[p].id);
const atPost = (id: string) => ({ path: `/api/blog/posts/${id}`, params: { id } });
const atCategory = (id: string) => ({ path: `/api/blog/categories/${id}`, params: { id } });
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 128, b: 0 } } })
    .png()
    .toBuffer();

export const cases: MatrixCase[] = [
  { file: 'blog/posts/route.ts', method: 'GET', request: async () => ({ path: '/api/blog/posts' }) },
  {
    file: 'blog/posts/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => ({ path: '/api/blog/posts', json: { title: 'Matrix', slug: uniqueBlogSlug() } }),
  },
  { file: 'blog/posts/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => atPost((await post(w, p)).id) },
  {
    file: 'blog/posts/[id]/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => ({ ...atPost((await post(w, p)).id), json: { title: 'Edited', slug: uniqueBlogSlug(), version: 1 } }),
  },
  { file: 'blog/posts/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => atPost((await post(w, p)).id) },
  { file: 'blog/preview/route.ts', method: 'POST', request: async () => ({ path: '/api/blog/preview', json: { body: '**Hi**' } }) },
  {
    file: 'blog/covers/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => {
      const encoded = new Request('http://x', { method: 'POST', body: multipart({}, [['cover', { bytes: new Uint8Array(await png()), type: 'image/png' }]]) });
      return { path: '/api/blog/covers', body: await encoded.arrayBuffer(), headers: { 'content-type': encoded.headers.get('content-type')! } };
    },
  },
  {
    file: 'blog/images/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => {
      const encoded = new Request('http://x', { method: 'POST', body: multipart({}, [['image', { bytes: new Uint8Array(await png()), type: 'image/png' }]]) });
      return { path: '/api/blog/images', body: await encoded.arrayBuffer(), headers: { 'content-type': encoded.headers.get('content-type')! } };
    },
  },
  { file: 'blog/categories/route.ts', method: 'GET', request: async () => ({ path: '/api/blog/categories' }) },
  {
    file: 'blog/categories/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => ({ path: '/api/blog/categories', json: { name: 'Matrix', slug: uniqueBlogSlug('cat') } }),
  },
  {
    file: 'blog/categories/[id]/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => ({ ...atCategory((await category(w, p)).id), json: { name: 'Renamed', slug: uniqueBlogSlug('cat') } }),
  },
  { file: 'blog/categories/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => atCategory((await category(w, p)).id) },
];
