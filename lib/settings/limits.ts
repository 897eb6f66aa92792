// The settings' limits without the schemas, for forms that show them before they validate.

export const PROJECT_NAME_MAX = 80;
/** The logo as uploaded; it is stored as a WebP of at most LOGO_SIZE px a side. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_SIZE = 256;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
