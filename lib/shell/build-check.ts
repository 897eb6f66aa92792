export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_KEY = 'atrio:reloaded-at';

export function isNewBuild(serverBuildId: unknown, clientBuildId: string | undefined): boolean {
  return typeof serverBuildId === 'string' && !!clientBuildId && serverBuildId !== clientBuildId;
}

/** A reload within 10 s of the previous one is refused, so a bad deploy cannot loop. */
export function reloadAllowed(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS;
}
