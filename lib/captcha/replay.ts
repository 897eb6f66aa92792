import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usedCaptchas } from './tables';

/** A solved code as the replay guard keeps it: a digest, never the code itself. */
export type Claim = { id: string; expiresAt: Date };

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const sweepState = globalThis as unknown as { __atrioCaptchaSweptAt?: number };

/** Deletes the records of codes that have expired anyway (their check refuses them already). */
export async function sweepUsedCaptchas(db: Db, now = new Date()): Promise<void> {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
}

/**
 * Records a solved code, true only for the first caller: the primary key makes the insert
 * itself the check, so two requests racing with the same code cannot both pass.
 */
export async function claimOnce(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedCaptchas).values({ id, expiresAt }).onConflictDoNothing().returning({ id: usedCaptchas.id });
  const now = Date.now();
  // Swept now and then by whichever request comes along, rather than by a timer.
  if (now - (sweepState.__atrioCaptchaSweptAt ?? 0) > SWEEP_EVERY_MS) {
    sweepState.__atrioCaptchaSweptAt = now;
    await sweepUsedCaptchas(db, new Date(now));
  }
  return rows.length === 1;
}
