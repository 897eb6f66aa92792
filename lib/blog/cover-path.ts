/** Where a project's blog covers are served from: public, since the blog is. */
export const coverPrefix = (projectId: string) => `/api/files/public/blog/${projectId}/`;

// What the cover upload names a file: the first 16 hex digits of the WebP's SHA-256 (storePublicWebp).
const COVER_NAME = /^[0-9a-f]{16}\.webp$/;

/**
 * The storage key of a cover URL the project's own upload could have answered, or null. Only
 * the file's id (its hash) is read from the URL; the folder is the project's, so `../`, another
 * project's folder or any other name never reaches storage.
 */
export function coverKeyOf(projectId: string, url: string): string | null {
  const prefix = coverPrefix(projectId);
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return COVER_NAME.test(name) ? `public/blog/${projectId}/${name}` : null;
}
