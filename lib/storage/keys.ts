// Segments of letters, digits, dot, dash and underscore, never starting with a dot: this
// shuts out `..`, hidden files, absolute paths, backslashes, percent-escapes and NUL.
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const contentTypePattern = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

export const PUBLIC_PREFIX = 'public/';

export function isValidKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** A bare `type/subtype`: it is sent back as a header, so nothing else may ride along. */
export function assertContentType(contentType: string): void {
  if (contentType.length > 100 || !contentTypePattern.test(contentType)) throw new Error(`Invalid content type: ${JSON.stringify(contentType.slice(0, 100))}`);
}
