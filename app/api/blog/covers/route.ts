import { storeCover } from '@/lib/blog/cover';
import { blogRoute } from '@/lib/blog/http';
import { COVER_MAX_BYTES } from '@/lib/blog/limits';
import { HttpError } from '@/lib/http/errors';
import { readMultipart } from '@/lib/http/multipart';
import { json } from '@/lib/http/route';
import { form } from '@/lib/validation/field';

const limits = {
  // The image plus a little room for the multipart framing.
  limit: COVER_MAX_BYTES + 64 * 1024,
  fileParts: /^cover$/,
  maxFiles: 1,
  fileBytes: COVER_MAX_BYTES,
  fileTooLarge: () => new HttpError(413, 'blog.coverTooLarge', { cover: 'blog.coverTooLarge' }, { max: COVER_MAX_BYTES / 1024 / 1024 }),
};

/** Multipart `cover`: stored as a public WebP; the answer's URL goes into the post's `coverUrl`. */
export const POST = blogRoute(
  async (req, ctx) => {
    const { files } = await readMultipart(req, form({}), limits);
    const file = files.get('cover');
    if (!file || file.size === 0) throw new HttpError(400, 'invalidInput', { cover: 'blog.coverMissing' });
    return json({ url: await storeCover(ctx.project.id, file) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS__BLOG__POSTS__CREATE', 'EXTENSIONS__BLOG__POSTS__UPDATE'], mode: 'some' },
);
