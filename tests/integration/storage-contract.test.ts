import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '@/lib/env';
import { storage, type Storage } from '@/lib/storage';
import { parseStorageUrl } from '@/lib/storage/config';
import { S3Storage } from '@/lib/storage/s3';
import { tempUploadDir, withKeyPrefix } from './helpers/uploads';

// What every storage driver promises (lib/storage/types.ts), checked on the local disk always
// and on a real S3-compatible server when the run has one (bash scripts/with-s3.sh …).

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
const BUCKET = process.env.STORAGE_URL;

const drivers = [
  { name: 'local disk', local: true, skip: false },
  { name: 'S3 bucket', local: false, skip: !BUCKET },
];

describe.each(drivers)('the $name', ({ local, skip }) => {
  if (skip) {
    it.skip('needs a bucket: STORAGE_URL is not set (run under bash scripts/with-s3.sh)', () => {});
    return;
  }
  let uploads: ReturnType<typeof tempUploadDir>;
  let s: Storage;
  beforeAll(() => {
    uploads = tempUploadDir('atrio-contract-', undefined, { local });
    s = storage();
  });
  afterAll(() => uploads.restore());

  it('is the driver the configuration names', () => {
    expect('list' in s).toBe(!local);
  });

  it('puts, gets, replaces and deletes a file', async () => {
    await s.put('public/avatars/u1/a.webp', bytes('first'), 'image/webp');
    expect(await s.get('public/avatars/u1/a.webp')).toEqual({ bytes: bytes('first'), contentType: 'image/webp' });

    await s.put('public/avatars/u1/a.webp', bytes('second, longer'), 'image/png');
    const again = await s.get('public/avatars/u1/a.webp');
    expect([text(again?.bytes), again?.contentType]).toEqual(['second, longer', 'image/png']);

    await s.delete('public/avatars/u1/a.webp');
    expect(await s.get('public/avatars/u1/a.webp')).toBeNull();
  });

  it('answers null for a missing key and for a "folder" of other keys; deleting a missing key is fine', async () => {
    await s.put('docs/x/y.txt', bytes('y'), 'text/plain');
    expect(await s.get('docs/nothing.txt')).toBeNull();
    expect(await s.get('docs/x')).toBeNull();
    expect(await s.get('nowhere/at/all')).toBeNull();
    await expect(s.delete('docs/nothing.txt')).resolves.toBeUndefined();
    await expect(s.delete('docs/nothing.txt')).resolves.toBeUndefined();
    expect(text((await s.get('docs/x/y.txt'))?.bytes)).toBe('y');
  });

  it('keeps every byte value and a large file exactly', async () => {
    const all = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    await s.put('bin/all-bytes', all, 'application/octet-stream');
    expect(Buffer.from((await s.get('bin/all-bytes'))!.bytes).equals(Buffer.from(all))).toBe(true);

    const big = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
    await s.put('bin/big.pdf', big, 'application/pdf');
    const got = await s.get('bin/big.pdf');
    expect(got?.contentType).toBe('application/pdf');
    expect(got?.bytes.byteLength).toBe(big.byteLength);
    expect(Buffer.from(got!.bytes).equals(Buffer.from(big))).toBe(true);

    await s.put('bin/empty.txt', new Uint8Array(0), 'text/plain');
    expect(await s.get('bin/empty.txt')).toEqual({ bytes: new Uint8Array(0), contentType: 'text/plain' });
  });

  it('keeps keys apart, however deep and whatever their dots, dashes and underscores', async () => {
    const keys = [
      'chats/6f1c2a52-0d7e-4b8e-9a55-3c1b2f0e9d41/0b0e7f5c-6a43-4c55-8a41-7b1e2e3d4f50/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      'projects/p/files/f',
      'projects/p/files/f.v2',
      'projects/p/files_/f',
      'a/b/c/d/e/f/g/h/i/j/k.tar.gz',
      'A/Z/_-.x',
    ];
    for (const [i, key] of keys.entries()) await s.put(key, bytes(`file ${i}`), i % 2 ? 'text/plain' : 'application/json');
    for (const [i, key] of keys.entries())
      expect(await s.get(key), key).toEqual({ bytes: bytes(`file ${i}`), contentType: i % 2 ? 'text/plain' : 'application/json' });
    await s.delete('projects/p/files/f');
    expect(await s.get('projects/p/files/f')).toBeNull();
    expect(text((await s.get('projects/p/files/f.v2'))?.bytes)).toBe('file 2');
  });

  it.each(['../outside.txt', 'a/../../b', '/etc/passwd', 'a//b', 'a/', '', '.hidden', 'a%2fb', 'a b', 'a~meta', 'x'.repeat(600)])(
    'refuses the key %j before any write',
    async (key) => {
      await expect(s.put(key, bytes('evil'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
      await expect(s.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(s.delete(key)).rejects.toThrow(/Invalid storage key/);
    },
  );

  it('refuses a content type that could smuggle a header, storing nothing', async () => {
    await expect(s.put('docs/bad.txt', bytes('a'), 'text/html\r\nSet-Cookie: x=1')).rejects.toThrow(/content type/);
    await expect(s.put('docs/bad.txt', bytes('a'), 'nonsense')).rejects.toThrow(/content type/);
    expect(await s.get('docs/bad.txt')).toBeNull();
  });
});

describe.skipIf(!BUCKET)('the S3 driver on its own', () => {
  const scoped = (segment: string) => parseStorageUrl(withKeyPrefix(BUCKET!, segment));
  const opened: S3Storage[] = [];
  const open = (config: ReturnType<typeof parseStorageUrl>) => {
    const s = new S3Storage(config);
    opened.push(s);
    return s;
  };
  afterAll(() => {
    for (const s of opened) s.close();
    resetEnv();
  });

  it('keeps each key prefix apart in one bucket, and lists keys without it', async () => {
    const run = `contract-${Date.now().toString(36)}`;
    const a = open(scoped(`${run}-a`));
    const b = open(scoped(`${run}-b`));
    await a.put('chats/x/1', bytes('a1'), 'text/plain');
    await a.put('chats/y/2', bytes('a2'), 'text/plain');
    await a.put('projects/z', bytes('a3'), 'text/plain');
    await b.put('chats/x/1', bytes('b1'), 'text/plain');
    expect(text((await a.get('chats/x/1'))?.bytes)).toBe('a1');
    expect(text((await b.get('chats/x/1'))?.bytes)).toBe('b1');
    expect(await b.get('chats/y/2')).toBeNull();

    const listed: { key: string; modified: Date }[] = [];
    for await (const item of a.list('chats/')) listed.push(item);
    expect(listed.map((l) => l.key).sort()).toEqual(['chats/x/1', 'chats/y/2']);
    for (const { modified } of listed) expect(Math.abs(modified.getTime() - Date.now())).toBeLessThan(5 * 60_000);

    await b.delete('chats/x/1');
    expect(text((await a.get('chats/x/1'))?.bytes)).toBe('a1');
  });

  it('lists past one page of 1,000 keys', async () => {
    const s = open(scoped(`paged-${Date.now().toString(36)}`));
    const keys = Array.from({ length: 1005 }, (_, i) => `chats/k/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => s.put(key, bytes('.'), 'text/plain')));
    let count = 0;
    for await (const item of s.list('chats/')) if (item.key.startsWith('chats/k/')) count += 1;
    expect(count).toBe(1005);
  });

  it('signs with the access key the URL gives: an unknown one is refused by the server', async () => {
    const url = new URL(BUCKET!);
    url.username = 'NOT-A-KEY';
    const s = open(parseStorageUrl(url.toString()));
    await expect(s.put('docs/denied.txt', bytes('no'), 'text/plain')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('fails a request to a server that is not there, within the connection timeout', async () => {
    const s = open(parseStorageUrl('s3://k:s@127.0.0.1:9/nothing-here?tls=false'));
    const started = Date.now();
    await expect(s.get('docs/a.txt')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
