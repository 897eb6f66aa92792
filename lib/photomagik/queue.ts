import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { logger } from '../log/logger';
import { storage } from '../storage';
import { storePublicWebp } from '../images/store';
import { publishPreview } from './events';
import { PHOTOMAGIK_LIMITS as L, PLACEHOLDER, PREVIEW_PROMPT } from './limits';
import { configuredProvider, type ImageProvider } from './providers';
import { photomagikGenerations, photomagikStyles, photomagikUsers, type PhotomagikGeneration } from './tables';
import { errorText } from '../log/error-text';

// The generation queue lives in photomagik_generations alone: a job is claimed in a short
// transaction (FOR UPDATE SKIP LOCKED, so two instances never take the same row) and leased
// for L.leaseMs; the slow provider call runs outside any transaction. A worker that dies
// leaves a running row whose lease runs out, and the next claim picks it up: restarts resume.

/** The style's template with the user's prompt in place of `{prompt}` (appended when missing). */
export function fillTemplate(template: string, prompt: string): string {
  return template.includes(PLACEHOLDER) ? template.split(PLACEHOLDER).join(prompt) : `${template} ${prompt}`.trim();
}

/** Queues a new preview for a style; called whenever its template or negative prompt changes. */
export async function queuePreview(tx: Db | Tx, style: { id: string; projectId: string; promptTemplate: string; negativePrompt: string }) {
  await tx.insert(photomagikGenerations).values({
    projectId: style.projectId,
    styleId: style.id,
    kind: 'preview',
    prompt: PREVIEW_PROMPT,
    fullPrompt: fillTemplate(style.promptTemplate, PREVIEW_PROMPT),
    negativePrompt: style.negativePrompt,
    meta: { template: style.promptTemplate },
  });
}

/** Takes the oldest due job, or null. `now` is for tests that simulate a lease running out. */
export async function claimJob(db: Db, now = new Date()): Promise<PhotomagikGeneration | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: photomagikGenerations.id })
      .from(photomagikGenerations)
      .where(
        sql`${photomagikGenerations.status} = 'queued' or (${photomagikGenerations.status} = 'running' and ${photomagikGenerations.lockedUntil} < ${now.toISOString()}::timestamptz)`,
      )
      .orderBy(photomagikGenerations.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(photomagikGenerations)
      .set({ status: 'running', attempts: sql`${photomagikGenerations.attempts} + 1`, lockedUntil: new Date(now.getTime() + L.leaseMs) })
      .where(eq(photomagikGenerations.id, due.id))
      .returning();
    return row;
  });
}

/** Still ours: the row is running under the attempt we claimed (not re-claimed after our lease ran out). */
const ours = (job: PhotomagikGeneration) =>
  and(eq(photomagikGenerations.id, job.id), eq(photomagikGenerations.status, 'running'), eq(photomagikGenerations.attempts, job.attempts));

async function succeed(db: Db, job: PhotomagikGeneration, provider: string, webp: Uint8Array): Promise<boolean> {
  if (job.kind === 'preview') {
    const url = await storePublicWebp('photomagik', job.projectId, webp);
    return db.transaction(async (tx) => {
      const [done] = await tx
        .update(photomagikGenerations)
        .set({ status: 'done', provider, imageKey: url, lockedUntil: null, finishedAt: new Date() })
        .where(ours(job))
        .returning({ id: photomagikGenerations.id });
      if (!done || !job.styleId) return Boolean(done);
      // Only while the style still reads as it did when queued: an older preview finishing late never replaces a newer one.
      const template = String(job.meta.template ?? '');
      await tx
        .update(photomagikStyles)
        .set({ previewUrl: url })
        .where(
          and(eq(photomagikStyles.id, job.styleId), eq(photomagikStyles.promptTemplate, template), eq(photomagikStyles.negativePrompt, job.negativePrompt)),
        );
      return true;
    });
  }
  const key = `photomagik/${job.projectId}/${job.id}.webp`;
  await storage().put(key, webp, 'image/webp');
  const [done] = await db
    .update(photomagikGenerations)
    .set({ status: 'done', provider, imageKey: key, lockedUntil: null, finishedAt: new Date() })
    .where(ours(job))
    .returning({ id: photomagikGenerations.id });
  return Boolean(done);
}

/** A failed attempt goes back to the queue; the last one fails the job and gives its credits back. */
async function fail(db: Db, job: PhotomagikGeneration, error: unknown): Promise<boolean> {
  const message = errorText(error).slice(0, 300);
  if (job.attempts < L.maxAttempts) {
    await db.update(photomagikGenerations).set({ status: 'queued', lockedUntil: null, error: message }).where(ours(job));
    return false;
  }
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(photomagikGenerations)
      .set({ status: 'failed', lockedUntil: null, error: message, finishedAt: new Date() })
      .where(ours(job))
      .returning({ id: photomagikGenerations.id });
    if (failed && job.userId && job.cost > 0)
      await tx
        .update(photomagikUsers)
        .set({ credits: sql`${photomagikUsers.credits} + ${job.cost}`, used: sql`greatest(${photomagikUsers.used} - ${job.cost}, 0)` })
        .where(eq(photomagikUsers.id, job.userId));
    return Boolean(failed);
  });
}

/** Runs one claimed job to its end. */
export async function runJob(db: Db, job: PhotomagikGeneration, provider: ImageProvider = configuredProvider()): Promise<void> {
  const size = job.kind === 'preview' ? L.previewSize : L.imageSize;
  try {
    const webp = await provider.generate({ prompt: job.fullPrompt, negativePrompt: job.negativePrompt, width: size, height: size });
    const done = await succeed(db, job, provider.name, webp);
    // Told after the commit, so a refetch on hearing it finds the new preview.
    if (done && job.kind === 'preview' && job.styleId) await publishPreview(job.projectId, job.styleId, 'done');
  } catch (error) {
    const gaveUp = await fail(db, job, error);
    if (gaveUp && job.kind === 'preview' && job.styleId) await publishPreview(job.projectId, job.styleId, 'failed');
  }
}

/** Claims and runs jobs until none is due; returns how many ran. */
export async function drainQueue(db: Db, provider?: ImageProvider, now?: Date): Promise<number> {
  let ran = 0;
  for (let job = await claimJob(db, now); job; job = await claimJob(db, now)) {
    await runJob(db, job, provider);
    ran += 1;
  }
  return ran;
}

let wake: (() => void) | null = null;
/** Services call this after queueing, so the local worker starts now rather than at its next poll. */
export function nudgeWorker(): void {
  wake?.();
}

/** server.ts: the worker of this instance; `stop()` on shutdown. */
export function startPhotomagikWorker(db: Db): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await drainQueue(db);
    } catch (error) {
      logger.error({ err: errorText(error) }, 'photomagik worker failed');
    } finally {
      running = false;
    }
  };
  wake = () => void tick();
  void tick();
  const timer = setInterval(() => void tick(), L.pollMs);
  timer.unref();
  return {
    stop: () => {
      wake = null;
      clearInterval(timer);
    },
  };
}
