import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as imagesRoute from '@/app/api/blog/images/route';
import * as postsRoute from '@/app/api/blog/posts/route';
import * as previewRoute from '@/app/api/blog/preview/route';
import { COVER_MAX_BYTES, COVER_WIDTH } from '@/lib/blog/limits';
import { storage } from '@/lib/storage';
import { accountsDb } from './helpers/accounts';
import { uniqueBlogSlug } from './helpers/blog';
import { multipart } from './helpers/http';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let writer: Member;
let reader: Member;
let uploads: ReturnType<typeof tempUploadDir>;

beforeAll(async () => {
  uploads = tempUploadDir('atrio-blog-images-');
  db = await accountsDb();
  w = await buildWorld(db.db);
  writer = await w.memberOf('A', ['EXTENSIONS__BLOG__POSTS__VIEW', 'EXTENSIONS__BLOG__POSTS__UPDATE']);
  reader = await w.memberOf('A', ['EXTENSIONS__BLOG__POSTS__VIEW']);
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
  uploads?.restore();
});

const send = (who: Member, bytes: Uint8Array, type = 'image/png', part = 'image') =>
  who.client.call(imagesRoute.POST, '/api/blog/images', { form: multipart({}, [[part, { bytes, type }]]) });
const keyOf = (url: string) => url.replace('/api/files/', '');

describe('blog body images', () => {
  it('re-encodes an upload like a cover: an upright WebP at most COVER_WIDTH wide, without metadata', async () => {
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'Someone', ImageDescription: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const res = await send(writer, new Uint8Array(png), 'image/jpeg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/api/files/public/blog/${w.project.A.id}/[0-9a-f]{16}\\.webp$`));
    const stored = await storage().get(keyOf(res.body.url));
    expect(stored?.contentType).toBe('image/webp');
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(COVER_WIDTH);
    expect(meta.height).toBe(400);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a caller without the write permission', async () => {
    const png = await sharp({ create: { width: 9, height: 9, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const res = await send(reader, new Uint8Array(png));
    expect(res.status).toBe(403);
    const ok = await send(writer, new Uint8Array(png));
    expect(ok.status).toBe(201);
  });

  it('refuses what is not an image, an empty part, another part name and a file past the cover limit', async () => {
    const text = await send(writer, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(text.status).toBe(415);
    expect(text.body.data.fields.image).toBe('Choose a PNG, JPEG or WebP image.');
    const empty = await send(writer, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields.image).toBe('Choose an image.');
    const wrongPart = await send(writer, new Uint8Array([1, 2, 3]), 'image/png', 'cover');
    expect(wrongPart.status).toBeGreaterThanOrEqual(400);
    const big = new Uint8Array(COVER_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const large = await send(writer, big);
    expect(large.status).toBe(413);
    expect(large.body.data.fields.image).toBe('The image may be at most 5 MB.');
  });

  it('a post with an undescribed image is refused and not created; its preview leaves such images out', async () => {
    const png = await sharp({ create: { width: 9, height: 9, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toBuffer();
    const { url } = (await send(writer, new Uint8Array(png))).body;
    const author = await w.memberOf('A', ['EXTENSIONS__BLOG__POSTS__VIEW', 'EXTENSIONS__BLOG__POSTS__CREATE']);
    const slug = uniqueBlogSlug();
    const refused = await author.client.call(postsRoute.POST, '/api/blog/posts', {
      json: { title: 'Images', slug, body: `Intro\n\n![](${url})` },
      headers: { 'accept-language': 'es' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.body).toMatch(/^Una imagen no tiene descripción/);
    const listed = await author.client.call(postsRoute.GET, '/api/blog/posts', { method: 'GET' });
    expect(listed.body.posts.some((p: { slug: string }) => p.slug === slug)).toBe(false);

    const created = await author.client.call(postsRoute.POST, '/api/blog/posts', {
      json: { title: 'Images', slug, body: `Intro\n\n![A grey square](${url})` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const preview = await author.client.call(previewRoute.POST, '/api/blog/preview', {
      json: { body: `![A grey square](${url}) ![](${url}) ![Elsewhere](https://example.com/x.png)` },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html.match(/<img/g)).toHaveLength(1);
    expect(preview.body.html).toContain(`<img src="${url}" alt="A grey square" loading="lazy" />`);
  });
});
