import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';
import { parseStorageUrl } from '@/lib/storage/config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrio-storage-url-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY';

function refusal(value: string): string {
  try {
    parseEnv({ DATA_DIR: dir, STORAGE_URL: value });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
  throw new Error(`STORAGE_URL=${value} was accepted`);
}

describe('STORAGE_URL', () => {
  it('unset or blank: the local upload folder, as before', () => {
    for (const STORAGE_URL of [undefined, '', '  ']) {
      const env = parseEnv({ DATA_DIR: dir, UPLOAD_DIR: path.join(dir, 'up'), STORAGE_URL });
      expect(env.storage).toEqual({ driver: 'local', dir: path.join(dir, 'up') });
    }
  });

  it('reads endpoint, bucket, prefix, region and credentials; https by default', () => {
    const s3 = parseEnv({
      DATA_DIR: dir,
      STORAGE_URL: `s3://AKIAEXAMPLE:${encodeURIComponent(SECRET)}@s3.eu-west-1.amazonaws.com/atrio-files/prod/eu?region=eu-west-1`,
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'atrio-files',
      prefix: 'prod/eu/',
      display: 's3://s3.eu-west-1.amazonaws.com/atrio-files/prod/eu (https://s3.eu-west-1.amazonaws.com, eu-west-1)',
    });
    expect(s3.driver === 's3' && s3.credentials).toEqual({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET });
  });

  it('plain HTTP on a port with tls=false, us-east-1 and no prefix by default', () => {
    expect(parseStorageUrl('s3://minio:minio-secret@127.0.0.1:9000/uploads?tls=false')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'uploads',
      prefix: '',
    });
    expect(parseStorageUrl('s3://k:s@[::1]:9000/uploads/?tls=0').endpoint).toBe('http://[::1]:9000');
    expect(parseStorageUrl('s3://k:s@store.internal/uploads?tls=1').endpoint).toBe('https://store.internal');
  });

  it('without credentials leaves them to the AWS SDK (environment, shared config, instance role)', () => {
    const s3 = parseStorageUrl('s3://s3.amazonaws.com/atrio-files');
    expect(s3.credentials).toBeUndefined();
    expect(s3.bucket).toBe('atrio-files');
  });

  it('never shows the secret when the configuration is logged, serialized or spread', () => {
    const env = parseEnv({ DATA_DIR: dir, STORAGE_URL: `s3://AKIAEXAMPLE:${encodeURIComponent(SECRET)}@127.0.0.1:9000/b-1?tls=false` });
    for (const shown of [
      JSON.stringify(env),
      JSON.stringify({ ...env.storage }),
      String(Object.values(env.storage)),
      env.storage.driver === 's3' ? env.storage.display : '',
    ]) {
      expect(shown).not.toContain(SECRET);
      expect(shown).not.toContain(encodeURIComponent(SECRET));
      expect(shown).not.toContain('AKIAEXAMPLE');
    }
    expect(Object.keys(env)).not.toContain('STORAGE_URL');
  });

  it.each([
    ['not a url', /STORAGE_URL: expected s3:\/\/ACCESS_KEY/],
    ['https://s3.amazonaws.com/bucket', /STORAGE_URL: expected s3:\/\//],
    ['s3:///bucket', /STORAGE_URL: expected/],
    ['s3://host', /STORAGE_URL: expected a bucket name/],
    ['s3://host/', /STORAGE_URL: expected a bucket name/],
    ['s3://host/Upper_Case', /STORAGE_URL: expected a bucket name/],
    ['s3://host/ab', /STORAGE_URL: expected a bucket name/],
    ['s3://host/-bucket', /STORAGE_URL: expected a bucket name/],
    ['s3://host/bucket/../x', /STORAGE_URL: expected a bucket name|STORAGE_URL: expected a prefix/],
    ['s3://host/bucket/a//b', /STORAGE_URL: expected a prefix/],
    ['s3://host/bucket/.hidden', /STORAGE_URL: expected a prefix/],
    ['s3://host/bucket/a%20b', /STORAGE_URL: expected a prefix/],
    ['s3://key@host/bucket', /STORAGE_URL: expected both an access key and a secret key/],
    ['s3://:secret@host/bucket', /STORAGE_URL: expected both an access key and a secret key/],
    ['s3://k:%zz@host/bucket', /STORAGE_URL: expected a secret key with valid percent-escapes/],
    ['s3://k:s@host/bucket?region=EU%20West', /STORAGE_URL: expected a region/],
    ['s3://k:s@host/bucket?tls=no', /STORAGE_URL: expected tls=true or tls=false/],
    ['s3://k:s@host/bucket?pathStyle=1', /STORAGE_URL: expected only the parameters region and tls/],
    ['s3://k:s@host/bucket#x', /STORAGE_URL: expected .* without a #fragment/],
  ])('refuses %j, naming STORAGE_URL and what is expected', (value, expected) => {
    expect(refusal(value)).toMatch(expected);
  });

  it('never echoes a refused value, which may hold a secret', () => {
    for (const value of [`s3://k:${SECRET}@host/Bad_Bucket`, `s3://k:${SECRET}@host/bucket?tls=maybe`, `s3://k:${SECRET}@host/bucket/a//b`])
      expect(refusal(value)).not.toContain(SECRET);
  });
});
