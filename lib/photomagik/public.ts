import { and, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { storage } from '../storage';
import { photomagikGenerations, photomagikUsers } from './tables';

export type PublicGeneration = {
  id: string;
  status: string;
  prompt: string;
  credits: number;
  error: string | null;
  url: string;
  imageUrl: string | null;
};

async function findGeneration(db: Db, projectId: string, id: string) {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await db
    .select({ g: photomagikGenerations, credits: photomagikUsers.credits })
    .from(photomagikGenerations)
    .innerJoin(photomagikUsers, eq(photomagikUsers.id, photomagikGenerations.userId))
    .where(and(eq(photomagikGenerations.id, id), eq(photomagikGenerations.projectId, projectId), eq(photomagikGenerations.kind, 'image')));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** What the project's app sees of one generation: its state, the user's credits left, where to poll. */
export async function publicGeneration(db: Db, projectId: string, projectKey: string, id: string): Promise<PublicGeneration> {
  const { g, credits } = await findGeneration(db, projectId, id);
  const url = `/api/projects/${encodeURIComponent(projectKey)}/photomagik/generations/${g.id}`;
  return {
    id: g.id,
    status: g.status,
    prompt: g.prompt,
    credits,
    // A failure's cause is the provider's business; the app only learns that it failed.
    error: g.status === 'failed' ? 'failed' : null,
    url,
    imageUrl: g.status === 'done' ? `${url}?image=1` : null,
  };
}

export async function publicImage(db: Db, projectId: string, id: string): Promise<Uint8Array> {
  const { g } = await findGeneration(db, projectId, id);
  const file = g.status === 'done' && g.imageKey ? await storage().get(g.imageKey) : null;
  if (!file) throw new HttpError(404, 'notFound');
  return file.bytes;
}
