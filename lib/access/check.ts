import type { Permission } from './permissions';

export type ProfileGrant = { isRoot: boolean; permissions: readonly string[] };

/** SPEC.md section 6: isRoot passes everything; a list needs all of it, "some" needs one. */
export function hasPermissions(profile: ProfileGrant | null | undefined, required: readonly Permission[], mode: 'all' | 'some' = 'all'): boolean {
  if (required.length === 0) return true;
  if (!profile) return false;
  if (profile.isRoot) return true;
  const held = new Set(profile.permissions);
  return mode === 'all' ? required.every((p) => held.has(p)) : required.some((p) => held.has(p));
}

/** The permissions in `list` that `actor` does not hold, in their order; none for an isRoot actor. */
export function notHeld(actor: ProfileGrant, list: readonly string[]): string[] {
  if (actor.isRoot) return [];
  const held = new Set(actor.permissions);
  return list.filter((p) => !held.has(p));
}

/**
 * Whether `actor` may hand `target` (a profile, or a set of permissions) to someone:
 * nobody hands out what they do not hold, so an isRoot target needs an isRoot actor.
 */
export function canGrant(actor: ProfileGrant, target: ProfileGrant): boolean {
  if (actor.isRoot) return true;
  return !target.isRoot && notHeld(actor, target.permissions).length === 0;
}
