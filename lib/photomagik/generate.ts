import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { fillTemplate, nudgeWorker } from './queue';
import { photomagikGenerations, photomagikStyles, photomagikUsers, type PhotomagikGeneration } from './tables';

export type GenerationRequest = { user: string; style: string; prompt: string };
/** One generation costs one credit. */
export const GENERATION_COST = 1;

/**
 * Queues a generation for one of the project's end users, named by the project's own id for
 * them (created on first use, with no credits). The credit is taken by a single conditional
 * UPDATE in the same transaction as the job: two calls racing for the last credit cannot both
 * pass, and a refused call leaves nothing behind.
 */
export async function requestGeneration(db: Db, projectId: string, input: GenerationRequest): Promise<PhotomagikGeneration> {
  const job = await db.transaction(async (tx) => {
    const [style] = isUuid(input.style)
      ? await tx
          .select()
          .from(photomagikStyles)
          .where(and(eq(photomagikStyles.id, input.style), eq(photomagikStyles.projectId, projectId), eq(photomagikStyles.enabled, true)))
      : [];
    if (!style) throw new HttpError(400, 'invalidInput', { style: 'photomagik.styleUnknown' });
    await tx.insert(photomagikUsers).values({ projectId, externalId: input.user }).onConflictDoNothing();
    const [user] = await tx
      .select()
      .from(photomagikUsers)
      .where(and(eq(photomagikUsers.projectId, projectId), eq(photomagikUsers.externalId, input.user)));
    if (user.blocked) throw new HttpError(403, 'photomagik.userBlocked');
    const [spent] = await tx
      .update(photomagikUsers)
      .set({
        credits: sql`${photomagikUsers.credits} - ${GENERATION_COST}`,
        used: sql`${photomagikUsers.used} + ${GENERATION_COST}`,
        lastActiveAt: new Date(),
      })
      .where(and(eq(photomagikUsers.id, user.id), eq(photomagikUsers.blocked, false), sql`${photomagikUsers.credits} >= ${GENERATION_COST}`))
      .returning({ credits: photomagikUsers.credits });
    if (!spent) throw new HttpError(402, 'photomagik.noCredits', {}, { credits: 0 });
    const [row] = await tx
      .insert(photomagikGenerations)
      .values({
        projectId,
        userId: user.id,
        styleId: style.id,
        kind: 'image',
        prompt: input.prompt,
        fullPrompt: fillTemplate(style.promptTemplate, input.prompt),
        negativePrompt: style.negativePrompt,
        cost: GENERATION_COST,
      })
      .returning();
    return row;
  });
  nudgeWorker();
  return job;
}
