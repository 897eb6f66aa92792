// The server checks the content too; these spare a 5 MB upload that would be refused.
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Why a picked file cannot be an avatar (a message key of `account`), or null. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'avatarType' | 'avatarTooLarge' | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarTooLarge';
  return null;
}
