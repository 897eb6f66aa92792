import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { invalidateBlog } from './invalidate';
import { CATEGORIES_PER_PROJECT_MAX } from './limits';
import type { CategoryInput, CategoryView } from './schemas';
import { blogCategories, blogPostCategories } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

/** The project's categories by name, each with how many posts it holds. */
export async function listCategories(ctx: Reader): Promise<CategoryView[]> {
  const rows = await ctx.db
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      slug: blogCategories.slug,
      parentId: blogCategories.parentId,
      posts: count(blogPostCategories.postId),
    })
    .from(blogCategories)
    .leftJoin(blogPostCategories, eq(blogPostCategories.categoryId, blogCategories.id))
    .where(eq(blogCategories.projectId, ctx.project.id))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.name));
  return rows;
}

async function findRow(tx: Tx, projectId: string, id: string) {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await tx
    .select()
    .from(blogCategories)
    .where(and(eq(blogCategories.id, id), eq(blogCategories.projectId, projectId)))
    .for('update');
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** One level of nesting: the parent must be a top-level category of this project, and not the category itself. */
async function checkParent(tx: Tx, projectId: string, parentId: string | null, self?: string) {
  if (!parentId) return;
  const refuse = () => new HttpError(400, 'invalidInput', { parentId: 'blog.parentInvalid' });
  if (parentId === self) throw refuse();
  const [parent] = await tx
    .select({ parentId: blogCategories.parentId })
    .from(blogCategories)
    .where(and(eq(blogCategories.id, parentId), eq(blogCategories.projectId, projectId)));
  if (!parent || parent.parentId) throw refuse();
  if (self) {
    const [{ n }] = await tx.select({ n: count() }).from(blogCategories).where(eq(blogCategories.parentId, self));
    if (n > 0) throw refuse();
  }
}

async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'blog.categorySlugTaken', { slug: 'blog.categorySlugTaken' });
    throw error;
  }
}

export async function createCategory(ctx: ProjectContext, input: CategoryInput): Promise<CategoryView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(blogCategories).where(eq(blogCategories.projectId, ctx.project.id));
      if (n >= CATEGORIES_PER_PROJECT_MAX) throw new HttpError(409, 'blog.tooManyCategories', {}, { max: CATEGORIES_PER_PROJECT_MAX });
      await checkParent(tx, ctx.project.id, input.parentId);
      const [row] = await tx
        .insert(blogCategories)
        .values({ ...input, projectId: ctx.project.id })
        .returning();
      return { id: row.id, name: row.name, slug: row.slug, parentId: row.parentId, posts: 0 };
    }),
  );
}

export async function updateCategory(ctx: ProjectContext, id: string, input: CategoryInput): Promise<CategoryView> {
  const view = await writing(() =>
    ctx.db.transaction(async (tx) => {
      await findRow(tx, ctx.project.id, id);
      await checkParent(tx, ctx.project.id, input.parentId, id);
      const [row] = await tx.update(blogCategories).set(input).where(eq(blogCategories.id, id)).returning();
      const [{ n }] = await tx.select({ n: count() }).from(blogPostCategories).where(eq(blogPostCategories.categoryId, id));
      return { id: row.id, name: row.name, slug: row.slug, parentId: row.parentId, posts: n };
    }),
  );
  invalidateBlog();
  return view;
}

/** A category with sub-categories is refused (409): move or delete those first. Its posts stay, without it. */
export async function deleteCategory(ctx: ProjectContext, id: string): Promise<{ name: string }> {
  const name = await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, ctx.project.id, id);
    const [{ n }] = await tx.select({ n: count() }).from(blogCategories).where(eq(blogCategories.parentId, id));
    if (n > 0) throw new HttpError(409, 'blog.categoryHasChildren', {}, { name: row.name });
    await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    return row.name;
  });
  invalidateBlog();
  return { name };
}
