import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { PHOTOMAGIK_LIMITS as L } from './limits';
import { nextPosition, reorder } from './ordering';
import type { CategoryInput, CategoryView } from './schemas';
import { photomagikCategories, photomagikStyles } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

/** The project's categories in their order, each with how many styles it holds. */
export async function listCategories(ctx: Reader): Promise<CategoryView[]> {
  return ctx.db
    .select({
      id: photomagikCategories.id,
      name: photomagikCategories.name,
      position: photomagikCategories.position,
      styles: count(photomagikStyles.id),
    })
    .from(photomagikCategories)
    .leftJoin(photomagikStyles, eq(photomagikStyles.categoryId, photomagikCategories.id))
    .where(eq(photomagikCategories.projectId, ctx.project.id))
    .groupBy(photomagikCategories.id)
    .orderBy(asc(photomagikCategories.position), asc(photomagikCategories.createdAt));
}

/** The category, locked, or 404 (another project's id included). */
export async function getCategoryOrThrow(tx: Tx, projectId: string, id: string) {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await tx
    .select()
    .from(photomagikCategories)
    .where(and(eq(photomagikCategories.id, id), eq(photomagikCategories.projectId, projectId)))
    .for('update');
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

export async function createCategory(ctx: ProjectContext, input: CategoryInput): Promise<CategoryView> {
  return ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(photomagikCategories).where(eq(photomagikCategories.projectId, ctx.project.id));
    if (n >= L.categoriesPerProject) throw new HttpError(409, 'photomagik.tooManyCategories', {}, { max: L.categoriesPerProject });
    const position = await nextPosition(tx, photomagikCategories, ctx.project.id);
    const [row] = await tx.insert(photomagikCategories).values({ projectId: ctx.project.id, name: input.name, position }).returning();
    return { id: row.id, name: row.name, position: row.position, styles: 0 };
  });
}

export async function updateCategory(ctx: ProjectContext, id: string, input: CategoryInput): Promise<CategoryView> {
  return ctx.db.transaction(async (tx) => {
    await getCategoryOrThrow(tx, ctx.project.id, id);
    const [row] = await tx.update(photomagikCategories).set({ name: input.name }).where(eq(photomagikCategories.id, id)).returning();
    const [{ n }] = await tx.select({ n: count() }).from(photomagikStyles).where(eq(photomagikStyles.categoryId, id));
    return { id: row.id, name: row.name, position: row.position, styles: n };
  });
}

/** Its styles stay, without a category. */
export async function deleteCategory(ctx: ProjectContext, id: string): Promise<{ name: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await getCategoryOrThrow(tx, ctx.project.id, id);
    await tx.delete(photomagikCategories).where(eq(photomagikCategories.id, id));
    return { name: row.name };
  });
}

export async function orderCategories(ctx: ProjectContext, ids: string[]): Promise<CategoryView[]> {
  await ctx.db.transaction((tx) => reorder(tx, photomagikCategories, ctx.project.id, ids));
  return listCategories(ctx);
}
