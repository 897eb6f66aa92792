import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { requestGeneration } from '@/lib/photomagik/generate';
import { localProvider } from '@/lib/photomagik/providers/local';
import type { ImageProvider } from '@/lib/photomagik/providers';
import { claimJob, drainQueue, queuePreview } from '@/lib/photomagik/queue';
import { photomagikGenerations, photomagikStyles, photomagikUsers } from '@/lib/photomagik/tables';
import { storage } from '@/lib/storage';
import { accountsDb } from './helpers/accounts';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type World } from './matrix/world';

let handle: Awaited<ReturnType<typeof accountsDb>>;
let db: Db;
let w: World;
let uploads: ReturnType<typeof tempUploadDir>;
let styleId: string;

beforeAll(async () => {
  uploads = tempUploadDir('atrio-photomagik-');
  handle = await accountsDb();
  db = handle.db;
  w = await buildWorld(db);
  const [style] = await db
    .insert(photomagikStyles)
    .values({ projectId: w.project.A.id, name: 'Watercolour', promptTemplate: 'a watercolour of {prompt}', negativePrompt: 'blurry' })
    .returning();
  styleId = style.id;
}, 60_000);
afterAll(async () => {
  await handle?.cleanup();
  uploads?.restore();
});

async function userWith(credits: number) {
  const externalId = `u-${Math.random().toString(36).slice(2)}`;
  await db.insert(photomagikUsers).values({ projectId: w.project.A.id, externalId, credits });
  return externalId;
}
const creditsOf = async (externalId: string) => (await db.select().from(photomagikUsers).where(eq(photomagikUsers.externalId, externalId)))[0];

/** Counts its calls, and can be made to fail. */
function counting(failing = false) {
  const calls: string[] = [];
  const provider: ImageProvider = {
    name: 'counting',
    async generate(request) {
      calls.push(request.prompt);
      if (failing) throw new Error('provider down');
      await new Promise((r) => setTimeout(r, 5));
      return localProvider.generate(request);
    },
  };
  return { calls, provider };
}

describe('photomagik local provider', () => {
  it('draws a real image, the same for the same prompt and style, another for another', async () => {
    const req = { prompt: 'a watercolour of a cat', negativePrompt: 'blurry', width: 64, height: 64 };
    const one = await localProvider.generate(req);
    const two = await localProvider.generate(req);
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
    const meta = await sharp(one).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 64 });
    const other = await localProvider.generate({ ...req, prompt: 'a watercolour of a dog' });
    expect(Buffer.from(other).equals(Buffer.from(one))).toBe(false);
    const otherStyle = await localProvider.generate({ ...req, negativePrompt: '' });
    expect(Buffer.from(otherStyle).equals(Buffer.from(one))).toBe(false);
  });
});

describe('photomagik generation queue', () => {
  it('fills the template, takes one credit and stores the image once done', async () => {
    const user = await userWith(2);
    const job = await requestGeneration(db, w.project.A.id, { user, style: styleId, prompt: 'a cat' });
    expect(job).toMatchObject({ status: 'queued', fullPrompt: 'a watercolour of a cat', negativePrompt: 'blurry', cost: 1 });
    expect((await creditsOf(user)).credits).toBe(1);
    await drainQueue(db, localProvider);
    const [done] = await db.select().from(photomagikGenerations).where(eq(photomagikGenerations.id, job.id));
    expect(done).toMatchObject({ status: 'done', provider: 'local', attempts: 1 });
    const file = await storage().get(done.imageKey!);
    expect(file?.contentType).toBe('image/webp');
    expect((await creditsOf(user)).used).toBe(1);
  });

  it('deducts credits atomically: racing calls for the last credits never overspend', async () => {
    const user = await userWith(3);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => requestGeneration(db, w.project.A.id, { user, style: styleId, prompt: `race ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 402, message: 'photomagik.noCredits' });
    const row = await creditsOf(user);
    expect(row).toMatchObject({ credits: 0, used: 3 });
    const jobs = await db.select().from(photomagikGenerations).where(eq(photomagikGenerations.userId, row.id));
    expect(jobs).toHaveLength(3);
    await drainQueue(db, localProvider);
  });

  it('refuses a blocked user and an unknown or disabled style, changing nothing', async () => {
    const user = await userWith(5);
    await db.update(photomagikUsers).set({ blocked: true }).where(eq(photomagikUsers.externalId, user));
    await expect(requestGeneration(db, w.project.A.id, { user, style: styleId, prompt: 'x' })).rejects.toMatchObject({ status: 403 });
    const other = await userWith(5);
    await expect(requestGeneration(db, w.project.B.id, { user: other, style: styleId, prompt: 'x' })).rejects.toMatchObject({ status: 400 });
    expect((await creditsOf(user)).credits).toBe(5);
    expect((await creditsOf(other)).credits).toBe(5);
  });

  it('runs each job once across two workers draining at the same time', async () => {
    const user = await userWith(10);
    for (let i = 0; i < 6; i += 1) await requestGeneration(db, w.project.A.id, { user, style: styleId, prompt: `twice ${i}` });
    const a = counting();
    const b = counting();
    await Promise.all([drainQueue(db, a.provider), drainQueue(db, b.provider)]);
    const all = [...a.calls, ...b.calls].filter((p) => p.includes('twice'));
    expect(all.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `a watercolour of twice ${i}`).sort());
    const jobs = await db
      .select()
      .from(photomagikGenerations)
      .where(eq(photomagikGenerations.userId, (await creditsOf(user)).id));
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('resumes after a restart: a job claimed by a worker that died is run once its lease runs out', async () => {
    const user = await userWith(1);
    const job = await requestGeneration(db, w.project.A.id, { user, style: styleId, prompt: 'orphan' });
    const claimed = await claimJob(db);
    expect(claimed?.id).toBe(job.id);
    // The worker dies here. Before the lease runs out nobody takes the job again...
    const early = counting();
    expect(await drainQueue(db, early.provider)).toBe(0);
    // ...after it, the next worker (a restarted instance) does.
    const later = counting();
    expect(await drainQueue(db, later.provider, new Date(Date.now() + 10 * 60_000))).toBe(1);
    const [row] = await db.select().from(photomagikGenerations).where(eq(photomagikGenerations.id, job.id));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('retries a failing provider, then fails the job and gives the credit back', async () => {
    const user = await userWith(1);
    const job = await requestGeneration(db, w.project.A.id, { user, style: styleId, prompt: 'doomed' });
    const broken = counting(true);
    await drainQueue(db, broken.provider);
    expect(broken.calls).toHaveLength(3);
    const [row] = await db.select().from(photomagikGenerations).where(eq(photomagikGenerations.id, job.id));
    expect(row).toMatchObject({ status: 'failed', error: 'provider down', attempts: 3 });
    expect(await creditsOf(user)).toMatchObject({ credits: 1, used: 0 });
  });

  it('sets a style preview only while the style still reads as when it was queued', async () => {
    const [style] = await db
      .insert(photomagikStyles)
      .values({ projectId: w.project.A.id, name: 'Neon', promptTemplate: 'neon {prompt}', negativePrompt: '' })
      .returning();
    await queuePreview(db, style);
    await drainQueue(db, localProvider);
    const [first] = await db.select().from(photomagikStyles).where(eq(photomagikStyles.id, style.id));
    expect(first.previewUrl).toMatch(/^\/api\/files\/public\/photomagik\//);
    await queuePreview(db, style);
    await db.update(photomagikStyles).set({ promptTemplate: 'pastel {prompt}' }).where(eq(photomagikStyles.id, style.id));
    await drainQueue(db, localProvider);
    const [after] = await db.select().from(photomagikStyles).where(eq(photomagikStyles.id, style.id));
    expect(after.previewUrl).toBe(first.previewUrl);
  });
});
