import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { S3Config } from './config';
import { assertContentType, assertKey } from './keys';
import type { ListedFile, Storage, StoredFile } from './types';

// Loaded only when STORAGE_URL names a bucket (see index.ts), so the SDK costs nothing otherwise.

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

/** Files in an S3-compatible bucket: what lets several instances serve each other's uploads. */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      // `<endpoint>/<bucket>/<key>`: works with every S3-compatible server and needs no DNS per bucket.
      forcePathStyle: true,
      credentials: config.credentials,
      // Recent SDKs add CRC32 checksums to every call, which many S3-compatible servers refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK waits forever by default: a stalled store must fail the request, not hang it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
      maxAttempts: 3,
    });
  }

  private key(key: string): string {
    assertKey(key);
    return this.config.prefix + key;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const Key = this.key(key);
    assertContentType(contentType);
    // One request: the object appears whole or not at all, so there is nothing half-written to sweep.
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
  }

  async get(key: string): Promise<StoredFile | null> {
    const Key = this.key(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key }));
      if (!out.Body) return null;
      return { bytes: await out.Body.transformToByteArray(), contentType: out.ContentType || 'application/octet-stream' };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.key(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!notFound(error)) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.config.bucket, Prefix: this.config.prefix + prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(this.config.prefix) || !object.LastModified) continue;
        yield { key: object.Key.slice(this.config.prefix.length), modified: object.LastModified };
      }
    }
  }

  /** Closes the client's pooled connections. */
  close(): void {
    this.client.destroy();
  }
}
