import { env } from '../env';
import { PUBLIC_PREFIX, isValidKey } from './keys';
import { LocalStorage } from './local';
import type { Storage } from './types';

export type { Storage, StoredFile } from './types';
export { PUBLIC_PREFIX, isValidKey } from './keys';

const FILES_ROUTE = '/api/files/';

/**
 * The configured storage. Only the local disk exists today; an S3-compatible store
 * (needed once several instances share uploads) is another `Storage` chosen here from env().
 */
export function storage(): Storage {
  return new LocalStorage(env().uploadDir);
}

/** The address that serves a stored file; only keys under `public/` are actually served. */
export function publicUrl(key: string): string {
  if (!isValidKey(key)) throw new Error('Invalid storage key');
  return FILES_ROUTE + key;
}

/** The key behind a URL from publicUrl(), or null for any other address. */
export function keyFromPublicUrl(url: string): string | null {
  if (!url.startsWith(FILES_ROUTE)) return null;
  const key = url.slice(FILES_ROUTE.length);
  return isValidKey(key) && key.startsWith(PUBLIC_PREFIX) ? key : null;
}

/** Removes a file we stored, e.g. a replaced avatar; other URLs (external, empty) are left alone. */
export async function deleteStoredFile(url: string | null | undefined): Promise<void> {
  const key = url ? keyFromPublicUrl(url) : null;
  if (key) await storage().delete(key);
}
