import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { users } from '../users/tables';
import { token } from '../validation/messages';
import { isOwnCover } from './cover-owned';
import { invalidateBlog } from './invalidate';
import { POSTS_PER_PROJECT_MAX } from './limits';
import type { PostInput, PostPatch, PostView } from './schemas';
import { blogCategories, blogPostCategories, blogPosts, type BlogPost } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

function toView(row: BlogPost, author: { id: string; name: string } | null, categoryIds: string[]): PostView {
  return {
    id: row.id,
    language: row.language,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    coverUrl: row.coverUrl,
    coverAlt: row.coverAlt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    author,
    categoryIds,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Authors' names and categories for a set of posts, two queries whatever their number. */
async function views(db: Db | Tx, rows: BlogPost[]): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
  const names = authorIds.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds)) : [];
  const links = await db
    .select()
    .from(blogPostCategories)
    .where(
      inArray(
        blogPostCategories.postId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => {
    const author = names.find((n) => n.id === r.authorId);
    return toView(
      r,
      author ? { id: author.id, name: author.name ?? '' } : null,
      links.filter((l) => l.postId === r.id).map((l) => l.categoryId),
    );
  });
}

/** The project's posts, newest first. */
export async function listPosts(ctx: Reader): Promise<PostView[]> {
  const rows = await ctx.db.select().from(blogPosts).where(eq(blogPosts.projectId, ctx.project.id)).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return views(ctx.db, rows);
}

async function findRow(db: Db | Tx, projectId: string, id: string): Promise<BlogPost> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), eq(blogPosts.projectId, projectId)));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** One post of the active project; another project's id or a malformed one is a 404. */
export async function getPostOrThrow(ctx: Reader, id: string): Promise<PostView> {
  return (await views(ctx.db, [await findRow(ctx.db, ctx.project.id, id)]))[0];
}

/** Refusals that depend on the project or the clock, named by field like the schema's. */
async function checked(tx: Tx, projectId: string, input: PostInput, now: Date) {
  const fields: Record<string, string> = {};
  // A cover is a file the project's upload stored (no outside URLs: the site's CSP serves images from itself only).
  if (input.coverUrl && !(await isOwnCover(projectId, input.coverUrl))) fields.coverUrl = 'blog.coverUnknown';
  if (input.coverUrl && !input.coverAlt) fields.coverAlt = 'blog.coverAltRequired';
  if (input.status === 'scheduled' && (!input.publishAt || new Date(input.publishAt) <= now)) fields.publishAt = 'blog.publishAtFuture';
  const wanted = [...new Set(input.categoryIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .where(and(eq(blogCategories.projectId, projectId), inArray(blogCategories.id, wanted)));
    if (found.length !== wanted.length) fields.categoryIds = token('invalid');
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'invalidInput', fields);
  return wanted;
}

/** The stored columns of an input: when it is (or will be) public follows from its status. */
function columns(input: PostInput, previous: BlogPost | null, now: Date) {
  const { categoryIds: _c, publishAt, ...rest } = input;
  return {
    ...rest,
    // An emptied optional text arrives as undefined, which an update would skip: store ''.
    excerpt: rest.excerpt ?? '',
    body: rest.body ?? '',
    coverAlt: rest.coverAlt ?? '',
    seoTitle: rest.seoTitle ?? '',
    seoDescription: rest.seoDescription ?? '',
    publishAt: input.status === 'scheduled' ? new Date(publishAt!) : null,
    // Republishing an edit keeps the original date; a draft is nobody's yet.
    publishedAt: input.status === 'published' ? (previous?.publishedAt ?? now) : null,
  };
}

async function linkCategories(tx: Tx, postId: string, categoryIds: string[]) {
  await tx.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
  if (categoryIds.length) await tx.insert(blogPostCategories).values(categoryIds.map((categoryId) => ({ postId, categoryId })));
}

/** The slug index (per project and language), named by field. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'blog.slugTaken', { slug: 'blog.slugTaken' });
    throw error;
  }
}

export async function createPost(ctx: ProjectContext, input: PostInput): Promise<PostView> {
  const now = new Date();
  const view = await writing(() =>
    ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(blogPosts).where(eq(blogPosts.projectId, ctx.project.id));
      if (n >= POSTS_PER_PROJECT_MAX) throw new HttpError(409, 'blog.tooManyPosts', {}, { max: POSTS_PER_PROJECT_MAX });
      const categoryIds = await checked(tx, ctx.project.id, input, now);
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...columns(input, null, now), projectId: ctx.project.id, authorId: ctx.viewer.user.id })
        .returning();
      await linkCategories(tx, row.id, categoryIds);
      return (await views(tx, [row]))[0];
    }),
  );
  if (view.status === 'published') invalidateBlog();
  return view;
}

/**
 * Saves an edit made on `patch.version`. The conditional update is the check: when someone
 * saved in between, no row matches and the caller gets 409 with the current version.
 */
export async function updatePost(ctx: ProjectContext, id: string, patch: PostPatch): Promise<PostView> {
  const now = new Date();
  const { version, ...input } = patch;
  const { view, wasPublic } = await writing(() =>
    ctx.db.transaction(async (tx) => {
      const previous = await findRow(tx, ctx.project.id, id);
      if (previous.version !== version) throw new HttpError(409, 'blog.conflict', {}, { version: previous.version });
      const categoryIds = await checked(tx, ctx.project.id, input, now);
      const [row] = await tx
        .update(blogPosts)
        .set({ ...columns(input, previous, now), version: version + 1, updatedAt: now })
        .where(and(eq(blogPosts.id, id), eq(blogPosts.projectId, ctx.project.id), eq(blogPosts.version, version)))
        .returning();
      if (!row) throw new HttpError(409, 'blog.conflict', {}, { version: version + 1 });
      await linkCategories(tx, row.id, categoryIds);
      return { view: (await views(tx, [row]))[0], wasPublic: previous.status === 'published' };
    }),
  );
  if (wasPublic || view.status === 'published') invalidateBlog();
  return view;
}

export async function deletePost(ctx: ProjectContext, id: string): Promise<{ title: string }> {
  const row = await findRow(ctx.db, ctx.project.id, id);
  await ctx.db.delete(blogPosts).where(and(eq(blogPosts.id, id), eq(blogPosts.projectId, ctx.project.id)));
  if (row.status === 'published') invalidateBlog();
  return { title: row.title };
}
