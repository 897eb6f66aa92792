import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/lib/users/avatar-limits';

// The picker's view of the server's limits; the server checks the content too, this
// spares an upload that would be refused.
export { AVATAR_MAX_BYTES, AVATAR_TYPES };

/** Why a picked file cannot be an avatar (a message key of `account`), or null. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'avatarType' | 'avatarTooLarge' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarTooLarge';
  return null;
}
