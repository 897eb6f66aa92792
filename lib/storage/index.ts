import { env } from '../env';
import type { S3Config, StorageConfig } from './config';
import { PUBLIC_PREFIX, isValidKey } from './keys';
import { LocalStorage } from './local';
import type { S3Storage } from './s3';
import type { ListedFile, Storage, StoredFile } from './types';

export type { ListedFile, Storage, StoredFile } from './types';
export { PUBLIC_PREFIX, isValidKey } from './keys';

const FILES_ROUTE = '/api/files/';

/**
 * The bucket, with the S3 client imported on first use: server code only ever reaches it
 * through storage(), so the SDK is never bundled for the browser nor loaded for the local disk.
 */
class BucketStorage implements Storage {
  private driver?: Promise<S3Storage>;
  constructor(private readonly config: S3Config) {}

  private load() {
    return (this.driver ??= import('./s3').then(({ S3Storage }) => new S3Storage(this.config)));
  }
  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    return (await this.load()).put(key, bytes, contentType);
  }
  async get(key: string): Promise<StoredFile | null> {
    return (await this.load()).get(key);
  }
  async delete(key: string): Promise<void> {
    return (await this.load()).delete(key);
  }
  async *list(prefix: string): AsyncIterable<ListedFile> {
    yield* (await this.load()).list(prefix);
  }
}

// One per configuration (env() is re-read only by tests), so the bucket's connections are pooled.
const cache = globalThis as unknown as { __atrioStorage?: { config: StorageConfig; storage: Storage } };

/** The configured storage: the local disk (UPLOAD_DIR), or the bucket STORAGE_URL names. */
export function storage(): Storage {
  const config = env().storage;
  if (cache.__atrioStorage?.config !== config) {
    cache.__atrioStorage = { config, storage: config.driver === 's3' ? new BucketStorage(config) : new LocalStorage(config.dir) };
  }
  return cache.__atrioStorage.storage;
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
