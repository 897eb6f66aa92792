import { storeCover } from '@/lib/blog/cover';
import { blogRoute } from '@/lib/blog/http';
import { COVER_MAX_BYTES } from '@/lib/blog/limits';
import { HttpError } from '@/lib/http/errors';
import { readMultipart } from '@/lib/http/multipart';
import { json } from '@/lib/http/route';
import { form } from '@/lib/validation/field';

// The cover's limits and re-encoding: an image in the body is stored exactly like a cover.
const limits = {
  limit: COVER_MAX_BYTES + 64 * 1024,
  fileParts: /^image$/,
  maxFiles: 1,
  fileBytes: COVER_MAX_BYTES,
  fileTooLarge: () => new HttpError(413, 'blog.coverTooLarge', { image: 'blog.coverTooLarge' }, { max: COVER_MAX_BYTES / 1024 / 1024 }),
};

/** Multipart `image`: stored as a public WebP; the editor inserts the answer's URL as `![alt](url)`. */
export const POST = blogRoute(
  async (req, ctx) => {
    const { files } = await readMultipart(req, form({}), limits);
    const file = files.get('image');
    if (!file || file.size === 0) throw new HttpError(400, 'invalidInput', { image: 'blog.coverMissing' });
    return json({ url: await storeCover(ctx.project.id, file, 'image') }, { status: 201 });
  },
  { permissions: ['EXTENSIONS__BLOG__POSTS__CREATE', 'EXTENSIONS__BLOG__POSTS__UPDATE'], mode: 'some' },
);
