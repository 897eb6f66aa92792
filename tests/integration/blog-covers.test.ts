import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as coversRoute from '@/app/api/blog/covers/route';
import * as postRoute from '@/app/api/blog/posts/[id]/route';
import * as postsRoute from '@/app/api/blog/posts/route';
import { storePublicWebp } from '@/lib/images/store';
import { accountsDb } from './helpers/accounts';
import { uniqueBlogSlug } from './helpers/blog';
import { multipart } from './helpers/http';
import { removeMigrationCopies, withOlderDatabase } from './helpers/migrations';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type Member, type World } from './matrix/world';

// Issue 28, item 4: a post's cover was checked by its URL's prefix only, so `../` pointed it at
// another project's public file and names nobody stored were taken. Now only a file the
// project's upload stored, named by its id, is a cover.

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;
let uploads: ReturnType<typeof tempUploadDir>;

beforeAll(async () => {
  uploads = tempUploadDir('atrio-blog-covers-');
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ['EXTENSIONS__BLOG__POSTS__VIEW', 'EXTENSIONS__BLOG__POSTS__CREATE', 'EXTENSIONS__BLOG__POSTS__UPDATE']);
}, 60_000);
afterAll(async () => {
  removeMigrationCopies();
  await db?.cleanup();
  uploads?.restore();
});

const create = (coverUrl: string) =>
  staff.client.call(postsRoute.POST, '/api/blog/posts', { json: { title: 'Cover test', slug: uniqueBlogSlug(), coverUrl, coverAlt: 'A field' } });
const webp = (r: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 0, b: 0 } } })
    .webp()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe('blog covers', () => {
  it('accepts a file the project stored, and refuses `../`, unknown names and outside URLs', async () => {
    // Project B's own public cover, as its upload would have stored it.
    const theirs = await storePublicWebp('blog', w.project.B.id, await webp(10));
    const hash = theirs.split('/').pop()!;
    const prefix = `/api/files/public/blog/${w.project.A.id}/`;
    for (const url of [
      `${prefix}../${w.project.B.id}/${hash}`,
      `${prefix}..%2f${w.project.B.id}%2f${hash}`,
      `${prefix}0123456789abcdef.webp`,
      `${prefix}${hash}?x=1`,
      theirs,
      'https://example.com/cover.webp',
    ]) {
      const refused = await create(url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.data.fields.coverUrl).toBe('Upload the cover again: this image is not one this project stored.');
    }

    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const uploaded = await staff.client.call(coversRoute.POST, '/api/blog/covers', {
      form: multipart({}, [['cover', { bytes: new Uint8Array(png), type: 'image/png' }]]),
    });
    expect(uploaded.status).toBe(201);
    const ok = await create(uploaded.body.url);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);

    // An edit is held to the same rule.
    const post = ok.body.post;
    const moved = await staff.client.call(postRoute.PUT, `/api/blog/posts/${post.id}`, {
      method: 'PUT',
      json: { title: post.title, slug: post.slug, coverUrl: `${prefix}../${w.project.B.id}/${hash}`, coverAlt: 'x', version: post.version },
      params: { id: post.id },
    });
    expect(moved.status).toBe(400);
  });
});

describe('0019: cover URLs stored before the check', () => {
  it('keeps covers of the project’s own folder and drops the rest', async () => {
    await withOlderDatabase('0018_payments_test', async ({ db: mdb, one, migrateRest }) => {
      const a = await one(sql`insert into projects (key, name) values ('cover-a', 'A') returning id`);
      const b = await one(sql`insert into projects (key, name) values ('cover-b', 'B') returning id`);
      const own = `/api/files/public/blog/${a.id}/0123456789abcdef.webp`;
      const post = (slug: string, cover: string) =>
        mdb.execute(sql`insert into blog_posts (project_id, slug, title, cover_url, cover_alt) values (${a.id}, ${slug}, 'T', ${cover}, 'alt')`);
      await post('own', own);
      await post('climbs', `/api/files/public/blog/${a.id}/../${b.id}/0123456789abcdef.webp`);
      await post('theirs', `/api/files/public/blog/${b.id}/0123456789abcdef.webp`);
      await post('outside', 'https://example.com/x.webp');

      await migrateRest();

      const rows = (await mdb.execute(sql`select slug, cover_url as "coverUrl", cover_alt as "coverAlt" from blog_posts order by slug`)).rows;
      expect(rows).toEqual([
        { slug: 'climbs', coverUrl: null, coverAlt: '' },
        { slug: 'outside', coverUrl: null, coverAlt: '' },
        { slug: 'own', coverUrl: own, coverAlt: 'alt' },
        { slug: 'theirs', coverUrl: null, coverAlt: '' },
      ]);
    });
  });
});
