// The blog's limits, without the schemas, so forms can show them before they validate.

export const POST_TITLE_MAX = 160;
export const POST_SLUG_MAX = 100;
export const POST_EXCERPT_MAX = 400;
/** Markdown source; a long article is well under this. */
export const POST_BODY_MAX = 100_000;
export const COVER_ALT_MAX = 200;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;
export const POST_CATEGORIES_MAX = 10;
export const POSTS_PER_PROJECT_MAX = 2000;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORIES_PER_PROJECT_MAX = 100;
/** The cover as uploaded; it is stored as a WebP at most COVER_WIDTH px wide. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_WIDTH = 1600;
/** Posts the public list, the feed and the JSON API show at most. */
export const PUBLIC_POSTS_MAX = 50;
