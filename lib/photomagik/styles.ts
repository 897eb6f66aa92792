import { and, asc, count, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { PHOTOMAGIK_LIMITS as L } from './limits';
import { nextPosition, reorder } from './ordering';
import { nudgeWorker, queuePreview } from './queue';
import type { StyleInput, StyleView } from './schemas';
import { photomagikCategories, photomagikStyles, type PhotomagikStyle } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

export function styleView(row: PhotomagikStyle): StyleView {
  const { id, name, promptTemplate, negativePrompt, previewUrl, categoryId, enabled, position } = row;
  return { id, name, promptTemplate, negativePrompt, previewUrl, categoryId, enabled, position };
}

export async function listStyles(ctx: Reader): Promise<StyleView[]> {
  const rows = await ctx.db
    .select()
    .from(photomagikStyles)
    .where(eq(photomagikStyles.projectId, ctx.project.id))
    .orderBy(asc(photomagikStyles.position), asc(photomagikStyles.createdAt));
  return rows.map(styleView);
}

/** The style, locked, or 404 (another project's id included). */
export async function getStyleOrThrow(tx: Tx, projectId: string, id: string) {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await tx
    .select()
    .from(photomagikStyles)
    .where(and(eq(photomagikStyles.id, id), eq(photomagikStyles.projectId, projectId)))
    .for('update');
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** A category must be one of this project's: anything else is a field error, not a 404. */
async function checkCategory(tx: Tx, projectId: string, categoryId: string | null) {
  if (!categoryId) return;
  const [found] = await tx
    .select({ id: photomagikCategories.id })
    .from(photomagikCategories)
    .where(and(eq(photomagikCategories.id, categoryId), eq(photomagikCategories.projectId, projectId)));
  if (!found) throw new HttpError(400, 'invalidInput', { categoryId: 'photomagik.categoryUnknown' });
}

export async function createStyle(ctx: ProjectContext, input: StyleInput): Promise<StyleView> {
  const row = await ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(photomagikStyles).where(eq(photomagikStyles.projectId, ctx.project.id));
    if (n >= L.stylesPerProject) throw new HttpError(409, 'photomagik.tooManyStyles', {}, { max: L.stylesPerProject });
    await checkCategory(tx, ctx.project.id, input.categoryId);
    const position = await nextPosition(tx, photomagikStyles, ctx.project.id);
    const [created] = await tx
      .insert(photomagikStyles)
      .values({ ...input, projectId: ctx.project.id, position })
      .returning();
    await queuePreview(tx, created);
    return created;
  });
  nudgeWorker();
  return styleView(row);
}

/** A change of what is drawn (template, negative prompt) drops the old preview and queues a new one. */
export async function updateStyle(ctx: ProjectContext, id: string, input: StyleInput): Promise<StyleView> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await getStyleOrThrow(tx, ctx.project.id, id);
    await checkCategory(tx, ctx.project.id, input.categoryId);
    const redraw = before.promptTemplate !== input.promptTemplate || before.negativePrompt !== input.negativePrompt;
    const [updated] = await tx
      .update(photomagikStyles)
      .set({ ...input, updatedAt: new Date(), ...(redraw ? { previewUrl: null } : {}) })
      .where(eq(photomagikStyles.id, id))
      .returning();
    if (redraw) await queuePreview(tx, updated);
    return updated;
  });
  nudgeWorker();
  return styleView(row);
}

/** Its past generations stay in the users' history, without a style. */
export async function deleteStyle(ctx: ProjectContext, id: string): Promise<{ name: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await getStyleOrThrow(tx, ctx.project.id, id);
    await tx.delete(photomagikStyles).where(eq(photomagikStyles.id, id));
    return { name: row.name };
  });
}

export async function orderStyles(ctx: ProjectContext, ids: string[]): Promise<StyleView[]> {
  await ctx.db.transaction((tx) => reorder(tx, photomagikStyles, ctx.project.id, ids));
  return listStyles(ctx);
}
