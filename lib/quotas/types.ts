// Storage quotas as the API answers them and the meters show them; client-safe.

/** Bytes held against a quota of bytes. `used` may exceed `quota` when the quota was lowered. */
export type StorageUsage = { used: number; quota: number };

export type QuotaScope = 'project' | 'user';

/** A message's author in a project: both quotas bind, whichever has less left. */
export type StorageRoom = Record<QuotaScope, StorageUsage>;

export const MB = 1024 * 1024;

export function bytesLeft(usage: StorageUsage): number {
  return Math.max(0, usage.quota - usage.used);
}

/** The quota with the least left (the project's on a tie: it is the one the user cannot raise). */
export function tightest(room: StorageRoom): { scope: QuotaScope; left: number; usage: StorageUsage } {
  const scope: QuotaScope = bytesLeft(room.user) < bytesLeft(room.project) ? 'user' : 'project';
  return { scope, left: bytesLeft(room[scope]), usage: room[scope] };
}

/** Whole percent used, 0–100, for a meter; a sliver of use shows as 1 rather than nothing. */
export function percentUsed(usage: StorageUsage): number {
  if (usage.used <= 0 || usage.quota <= 0) return usage.used > 0 ? 100 : 0;
  return Math.min(100, Math.max(1, Math.round((usage.used / usage.quota) * 100)));
}
