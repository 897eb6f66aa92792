// Apart from the image pipeline (sharp, storage) so that the account form can check a
// picked file against the same limits before uploading it.

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** What the server can turn into an avatar; it checks the content, not this type. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
