import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { env } from '../env';
import { formatFileSize } from '../format';
import { HttpError } from '../http/errors';
import type { Locale } from '../i18n/locales';
import { storageUsage } from './tables';
import { MB, bytesLeft, tightest, type QuotaScope, type StorageRoom, type StorageUsage } from './types';

type Conn = Db | Tx;

/** The configured quotas in bytes. */
export function quotaBytes(): Record<QuotaScope, number> {
  const config = env();
  return { project: config.STORAGE_QUOTA_PROJECT_MB * MB, user: config.STORAGE_QUOTA_USER_MB * MB };
}

async function usedBytes(db: Conn, owners: { kind: QuotaScope; id: string }[]): Promise<Map<string, number>> {
  const rows = await db
    .select()
    .from(storageUsage)
    .where(or(...owners.map((o) => and(eq(storageUsage.ownerKind, o.kind), eq(storageUsage.ownerId, o.id)))));
  return new Map(rows.map((r) => [`${r.ownerKind}:${r.ownerId}`, r.bytes]));
}

/** What one project or one user holds, against its quota. */
export async function storageOf(db: Conn, kind: QuotaScope, id: string): Promise<StorageUsage> {
  const used = await usedBytes(db, [{ kind, id }]);
  return { used: used.get(`${kind}:${id}`) ?? 0, quota: quotaBytes()[kind] };
}

/** Where an author of a project stands against both quotas. */
export async function storageRoom(db: Conn, projectId: string, userId: string): Promise<StorageRoom> {
  const used = await usedBytes(db, [
    { kind: 'project', id: projectId },
    { kind: 'user', id: userId },
  ]);
  const quota = quotaBytes();
  return {
    project: { used: used.get(`project:${projectId}`) ?? 0, quota: quota.project },
    user: { used: used.get(`user:${userId}`) ?? 0, quota: quota.user },
  };
}

/** 413 saying whose storage is short and how much it has left, in the caller's language. */
export function quotaExceeded(scope: QuotaScope, usage: StorageUsage, locale: Locale): HttpError {
  const left = bytesLeft(usage);
  return new HttpError(
    413,
    scope === 'project' ? 'storageQuotaProject' : 'storageQuotaUser',
    {},
    {
      scope,
      left: formatFileSize(left, locale),
      quota: formatFileSize(usage.quota, locale),
      leftBytes: left,
      quotaBytes: usage.quota,
    },
  );
}

/**
 * The exact check, inside the transaction that wrote `added` bytes for this author: the
 * trigger has already counted them and locked both rows, so this reading includes every
 * upload committed before and none can commit beside it. Over either quota throws (the
 * transaction rolls back), naming what was left before this upload.
 */
export async function assertWithinQuota(tx: Tx, projectId: string, userId: string, added: number, locale: Locale): Promise<void> {
  if (added <= 0) return;
  const room = await storageRoom(tx, projectId, userId);
  for (const scope of ['project', 'user'] as const) {
    const usage = room[scope];
    if (usage.used > usage.quota) throw quotaExceeded(scope, { used: usage.used - added, quota: usage.quota }, locale);
  }
}

// What a body carries besides its files: the multipart framing and the JSON part, so a
// text-only message still goes when storage is full.
const FRAMING_BYTES = 64 * 1024;

/**
 * The largest body an author's next upload to a project may have: `max`, or less when their
 * storage or the project's has less room (then a larger one is a 413 naming that quota).
 * The exact check comes after the files are stored (`assertWithinQuota`): images shrink when re-encoded.
 */
export async function uploadBodyLimit(
  db: Conn,
  projectId: string,
  userId: string,
  locale: Locale,
  max: number,
): Promise<{ limit: number; tooLarge?: () => HttpError }> {
  const tight = tightest(await storageRoom(db, projectId, userId));
  const byQuota = tight.left + FRAMING_BYTES;
  if (byQuota >= max) return { limit: max };
  return { limit: byQuota, tooLarge: () => quotaExceeded(tight.scope, tight.usage, locale) };
}
