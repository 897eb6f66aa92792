import type { Permission } from './permissions';

export type ProfileGrant = { isRoot: boolean; permissions: readonly string[] };

/** SPEC.md section 6: isRoot passes everything; a list needs all of it, "some" needs one. */
export function hasPermissions(
  profile: ProfileGrant | null | undefined,
  required: readonly Permission[],
  mode: 'all' | 'some' = 'all',
): boolean {
  if (required.length === 0) return true;
  if (!profile) return false;
  if (profile.isRoot) return true;
  const held = new Set(profile.permissions);
  return mode === 'all' ? required.every((p) => held.has(p)) : required.some((p) => held.has(p));
}
