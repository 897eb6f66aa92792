import type { DbHealth } from '../db/health';

/** The `api` message saying why the health check fails, or undefined when it passes. A full disk comes first: it is also why writes fail. */
export function degradedReason(
  database: DbHealth,
  disk: { ok: boolean },
): 'healthDiskFull' | 'healthDbFailed' | 'healthDbSilent' | 'healthDbReadOnly' | undefined {
  if (!disk.ok) return 'healthDiskFull';
  if (database.failed) return 'healthDbFailed';
  if (!database.read) return 'healthDbSilent';
  if (!database.write) return 'healthDbReadOnly';
  return undefined;
}
