import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as categoriesRoute from '@/app/api/blog/categories/route';
import * as categoryRoute from '@/app/api/blog/categories/[id]/route';
import * as coversRoute from '@/app/api/blog/covers/route';
import * as previewRoute from '@/app/api/blog/preview/route';
import * as postRoute from '@/app/api/blog/posts/[id]/route';
import * as postsRoute from '@/app/api/blog/posts/route';
import * as publicPost from '@/app/api/public/projects/[key]/posts/[slug]/route';
import * as publicPosts from '@/app/api/public/projects/[key]/posts/route';
import { blogPosts } from '@/lib/blog/tables';
import { projects } from '@/lib/projects/tables';
import { blogPostIn, uniqueBlogSlug } from './helpers/blog';
import { multipart } from './helpers/http';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type Member, type World } from './matrix/world';
import { accountsDb } from './helpers/accounts';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;
let uploads: ReturnType<typeof tempUploadDir>;

const ALL = [
  'EXTENSIONS__BLOG__POSTS__VIEW',
  'EXTENSIONS__BLOG__POSTS__CREATE',
  'EXTENSIONS__BLOG__POSTS__UPDATE',
  'EXTENSIONS__BLOG__POSTS__DELETE',
  'EXTENSIONS__BLOG__CATEGORIES__VIEW',
  'EXTENSIONS__BLOG__CATEGORIES__CREATE',
  'EXTENSIONS__BLOG__CATEGORIES__UPDATE',
  'EXTENSIONS__BLOG__CATEGORIES__DELETE',
];

beforeAll(async () => {
  uploads = tempUploadDir('atrio-blog-');
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ALL);
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
  uploads?.restore();
});

const create = (json: unknown, headers?: Record<string, string>) => staff.client.call(postsRoute.POST, '/api/blog/posts', { json, headers });
const put = (id: string, json: unknown, who = staff) => who.client.call(postRoute.PUT, `/api/blog/posts/${id}`, { method: 'PUT', json, params: { id } });
const publicList = (key: string, query = '') =>
  w.anonymous().call(publicPosts.GET, `/api/public/projects/${key}/posts${query}`, { method: 'GET', params: { key } });

async function draft(over: Record<string, unknown> = {}) {
  const res = await create({ title: 'Spring news', slug: uniqueBlogSlug(), body: '# Hello\n\nSome **news**.', ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post as { id: string; slug: string; version: number; status: string } & Record<string, unknown>;
}

describe('blog posts API', () => {
  it('validates in the caller language and changes nothing', async () => {
    const before = await db.db.select().from(blogPosts).where(eq(blogPosts.projectId, w.project.A.id));
    const bad = await create({ title: '', slug: 'Not A Slug!' }, { 'accept-language': 'es' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.title).toBe('Este campo es obligatorio.');
    expect(bad.body.data.fields.slug).toMatch(/minúsculas/);
    const past = await create({ title: 'Late', slug: uniqueBlogSlug(), status: 'scheduled', publishAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.data.fields.publishAt).toBe('Choose a date and time in the future.');
    const foreignCover = await create({ title: 'Cover', slug: uniqueBlogSlug(), coverUrl: `/api/files/public/blog/${w.project.B.id}/x.webp`, coverAlt: 'x' });
    expect(foreignCover.status).toBe(400);
    expect(foreignCover.body.data.fields.coverUrl).toBeDefined();
    const after = await db.db.select().from(blogPosts).where(eq(blogPosts.projectId, w.project.A.id));
    expect(after.length).toBe(before.length);
  });

  it('keeps slugs unique per project and language', async () => {
    const slug = uniqueBlogSlug();
    expect((await create({ title: 'One', slug })).status).toBe(201);
    const taken = await create({ title: 'Two', slug });
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields.slug).toBe('Another post in this language already uses this address.');
    // The same address in the other language, and in another project, is fine.
    expect((await create({ title: 'Dos', slug, language: 'es' })).status).toBe(201);
    const other = await w.memberOf('B', ALL);
    expect((await other.client.call(postsRoute.POST, '/api/blog/posts', { json: { title: 'Three', slug } })).status).toBe(201);
  });

  it('refuses an edit made on an older version with 409 and keeps the newer save', async () => {
    const post = await draft();
    const first = await put(post.id, { ...post, title: 'Saved by Ana', version: post.version });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.post.version).toBe(post.version + 1);
    const stale = await put(post.id, { ...post, title: 'Saved by Ben', version: post.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else saved this post/);
    expect(stale.body.data.version).toBe(post.version + 1);
    const [row] = await db.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row.title).toBe('Saved by Ana');
    // Emptying a text field stores it empty.
    const cleared = await put(post.id, { ...post, title: 'Saved by Ana', body: '', excerpt: '', version: post.version + 1 });
    expect(cleared.body.post).toMatchObject({ body: '', excerpt: '' });
  });

  it("answers 404 for another project's post and its blog while the extension is off", async () => {
    const foreign = await blogPostIn(db.db, w.project.B.id);
    const res = await staff.client.call(postRoute.GET, `/api/blog/posts/${foreign.id}`, { method: 'GET', params: { id: foreign.id } });
    expect(res.status).toBe(404);
    expect((await put(foreign.id, { title: 'Mine now', slug: 'mine', version: 1 })).status).toBe(404);
    const list = await staff.client.call(postsRoute.GET, '/api/blog/posts', { method: 'GET' });
    expect(list.body.posts.some((p: { id: string }) => p.id === foreign.id)).toBe(false);
  });

  it('publishes to the public JSON API, which follows the blog switch', async () => {
    const post = await draft({ excerpt: 'Short' });
    expect((await publicList(w.project.A.key)).body.posts.some((p: { slug: string }) => p.slug === post.slug)).toBe(false);
    expect((await put(post.id, { ...post, status: 'published', version: post.version })).status).toBe(200);
    const listed = await publicList(w.project.A.key);
    expect(listed.status).toBe(200);
    const item = listed.body.posts.find((p: { slug: string }) => p.slug === post.slug);
    expect(item).toMatchObject({ title: 'Spring news', excerpt: 'Short', language: 'en' });
    expect(item.body).toBeUndefined();
    const one = await w.anonymous().call(publicPost.GET, `/api/public/projects/${w.project.A.key}/posts/${post.slug}`, {
      method: 'GET',
      params: { key: w.project.A.key, slug: post.slug },
    });
    expect(one.body.post.html).toContain('<strong>news</strong>');
    await db.db.update(projects).set({ extensions: [] }).where(eq(projects.id, w.project.A.id));
    try {
      expect((await publicList(w.project.A.key)).status).toBe(404);
    } finally {
      await db.db
        .update(projects)
        .set({ extensions: ['blog'] })
        .where(eq(projects.id, w.project.A.id));
    }
    expect((await publicList('no-such-project')).status).toBe(404);
  });

  it('renders the preview with the sanitizing renderer', async () => {
    const res = await staff.client.call(previewRoute.POST, '/api/blog/preview', { json: { body: 'Hi <script>alert(1)</script> **there**' } });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain('<strong>there</strong>');
    expect(res.body.html).not.toContain('<script');
  });

  it('stores a cover image as a public WebP and refuses anything else', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
    const ok = await staff.client.call(coversRoute.POST, '/api/blog/covers', {
      form: multipart({}, [['cover', { bytes: new Uint8Array(png), type: 'image/png' }]]),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.url).toMatch(new RegExp(`^/api/files/public/blog/${w.project.A.id}/[0-9a-f]{16}\\.webp$`));
    const text = await staff.client.call(coversRoute.POST, '/api/blog/covers', {
      form: multipart({}, [['cover', { bytes: new TextEncoder().encode('<svg/>'), type: 'image/png' }]]),
    });
    expect(text.status).toBe(415);
    expect(text.body.data.fields.cover).toBe('Choose a PNG, JPEG or WebP image.');
    const noAlt = await create({ title: 'With cover', slug: uniqueBlogSlug(), coverUrl: ok.body.url });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.data.fields.coverAlt).toMatch(/Describe the cover/);
    expect((await create({ title: 'With cover', slug: uniqueBlogSlug(), coverUrl: ok.body.url, coverAlt: 'A red field' })).status).toBe(201);
  });
});

describe('blog categories API', () => {
  const createCategory = (json: unknown) => staff.client.call(categoriesRoute.POST, '/api/blog/categories', { json });

  it('nests one level only, links posts and refuses deleting a parent', async () => {
    const top = await createCategory({ name: 'News', slug: uniqueBlogSlug('news') });
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    const child = await createCategory({ name: 'Releases', slug: uniqueBlogSlug('rel'), parentId: top.body.category.id });
    expect(child.status).toBe(201);
    const grandchild = await createCategory({ name: 'Deep', slug: uniqueBlogSlug('deep'), parentId: child.body.category.id });
    expect(grandchild.status).toBe(400);
    expect(grandchild.body.data.fields.parentId).toMatch(/top-level/);
    const post = await draft({ categoryIds: [child.body.category.id], status: 'published' });
    const list = await staff.client.call(categoriesRoute.GET, '/api/blog/categories', { method: 'GET' });
    expect(list.body.categories.find((c: { id: string }) => c.id === child.body.category.id).posts).toBe(1);
    const filtered = await publicList(w.project.A.key, `?category=${child.body.category.slug}`);
    expect(filtered.body.posts.map((p: { slug: string }) => p.slug)).toEqual([post.slug]);
    const id = top.body.category.id as string;
    const refused = await staff.client.call(categoryRoute.DELETE, `/api/blog/categories/${id}`, { method: 'DELETE', params: { id } });
    expect(refused.status).toBe(409);
    const childId = child.body.category.id as string;
    expect((await staff.client.call(categoryRoute.DELETE, `/api/blog/categories/${childId}`, { method: 'DELETE', params: { id: childId } })).status).toBe(200);
    expect((await staff.client.call(categoryRoute.DELETE, `/api/blog/categories/${id}`, { method: 'DELETE', params: { id } })).status).toBe(200);
  });

  it("refuses another project's category as a post's or a parent", async () => {
    const other = await w.memberOf('B', ALL);
    const foreign = await other.client.call(categoriesRoute.POST, '/api/blog/categories', { json: { name: 'Theirs', slug: uniqueBlogSlug('t') } });
    const id = foreign.body.category.id as string;
    expect((await createCategory({ name: 'Mine', slug: uniqueBlogSlug('m'), parentId: id })).status).toBe(400);
    const post = await create({ title: 'Mixed', slug: uniqueBlogSlug(), categoryIds: [id] });
    expect(post.status).toBe(400);
    expect(post.body.data.fields.categoryIds).toBeDefined();
    expect(
      (await staff.client.call(categoryRoute.PUT, `/api/blog/categories/${id}`, { method: 'PUT', json: { name: 'x', slug: 'x' }, params: { id } })).status,
    ).toBe(404);
  });
});

describe('blog scheduler', () => {
  it('publishes a due post once, after a restart too, and leaves future ones', async () => {
    const { publishDuePosts } = await import('@/lib/blog/scheduler');
    const due = await blogPostIn(db.db, w.project.A.id, { status: 'scheduled', publishedAt: null, publishAt: new Date(Date.now() - 1000) });
    const later = await blogPostIn(db.db, w.project.A.id, { status: 'scheduled', publishedAt: null, publishAt: new Date(Date.now() + 3_600_000) });
    // Two runs at once (two instances): the post is published once.
    const runs = await Promise.all([publishDuePosts(db.db), publishDuePosts(db.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [row] = await db.db.select().from(blogPosts).where(eq(blogPosts.id, due.id));
    expect(row.status).toBe('published');
    expect(row.publishedAt?.getTime()).toBe(due.publishAt!.getTime());
    expect(row.version).toBe(2);
    expect(await publishDuePosts(db.db)).toBe(0);
    const [future] = await db.db.select().from(blogPosts).where(eq(blogPosts.id, later.id));
    expect(future.status).toBe('scheduled');
    const listed = await publicList(w.project.A.key);
    expect(listed.body.posts.some((p: { slug: string }) => p.slug === due.slug)).toBe(true);
    expect(listed.body.posts.some((p: { slug: string }) => p.slug === later.slug)).toBe(false);
  });
});
