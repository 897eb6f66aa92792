import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { deleteStoredFile, keyFromPublicUrl, publicUrl, storage } from '@/lib/storage';
import { tempUploadDir } from './helpers/uploads';

// The upload folder sits inside `base`, so a test can look for files that escaped it.
let uploads: ReturnType<typeof tempUploadDir>;
let base: string;
beforeAll(() => {
  uploads = tempUploadDir('atrio-storage-', 'uploads', { local: true });
  base = uploads.root;
});
afterAll(() => uploads.restore());

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

describe('local storage', () => {
  it('puts, gets, replaces and deletes a file under the upload folder', async () => {
    const s = storage();
    await s.put('public/avatars/u1/a.webp', bytes('first'), 'image/webp');
    expect(existsSync(path.join(env().uploadDir, 'public/avatars/u1/a.webp'))).toBe(true);
    const got = await s.get('public/avatars/u1/a.webp');
    expect(got?.contentType).toBe('image/webp');
    expect(text(got?.bytes)).toBe('first');

    await s.put('public/avatars/u1/a.webp', bytes('second'), 'image/png');
    const again = await s.get('public/avatars/u1/a.webp');
    expect([text(again?.bytes), again?.contentType]).toEqual(['second', 'image/png']);

    await s.delete('public/avatars/u1/a.webp');
    expect(await s.get('public/avatars/u1/a.webp')).toBeNull();
    expect(readdirSync(path.join(env().uploadDir, 'public/avatars/u1'))).toEqual([]);
  });

  it('answers null for a missing file or a folder, and deleting a missing file is fine', async () => {
    const s = storage();
    await s.put('docs/x/y.txt', bytes('y'), 'text/plain');
    expect(await s.get('docs/nothing.txt')).toBeNull();
    expect(await s.get('docs/x')).toBeNull();
    expect(await s.get('docs/x/y.txt/z')).toBeNull();
    await expect(s.delete('docs/nothing.txt')).resolves.toBeUndefined();
  });

  it.each([
    '../outside.txt',
    'a/../../outside.txt',
    'a/./b',
    '/etc/passwd',
    'a\\..\\b',
    'a//b',
    'a/',
    '',
    '.hidden',
    'a/..',
    'a%2f..%2fb',
    'a\u0000b',
    'a b',
    'a~meta',
    'x'.repeat(600),
  ])('refuses the key %j', async (key) => {
    const s = storage();
    await expect(s.put(key, bytes('evil'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    await expect(s.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(s.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(existsSync(path.join(base, 'outside.txt'))).toBe(false);
  });

  it('refuses a content type that could smuggle a header', async () => {
    await expect(storage().put('docs/a.txt', bytes('a'), 'text/html\r\nSet-Cookie: x=1')).rejects.toThrow(/content type/);
    await expect(storage().put('docs/a.txt', bytes('a'), 'nonsense')).rejects.toThrow(/content type/);
  });

  it('never reads a file outside the upload folder', async () => {
    writeFileSync(path.join(base, 'secret.txt'), 'secret');
    await expect(storage().get('../secret.txt')).rejects.toThrow();
  });
});

describe('public URLs', () => {
  it('maps a key to /api/files and back, only for public keys', () => {
    expect(publicUrl('public/avatars/u1/a.webp')).toBe('/api/files/public/avatars/u1/a.webp');
    expect(keyFromPublicUrl('/api/files/public/avatars/u1/a.webp')).toBe('public/avatars/u1/a.webp');
    expect(keyFromPublicUrl('/api/files/private/x')).toBeNull();
    expect(keyFromPublicUrl('/api/files/public/../private/x')).toBeNull();
    expect(keyFromPublicUrl('https://gravatar.example/a.png')).toBeNull();
    expect(() => publicUrl('../x')).toThrow();
  });

  it('deleteStoredFile removes our files and ignores other addresses', async () => {
    await storage().put('public/avatars/u2/b.webp', bytes('b'), 'image/webp');
    await storage().put('private/keep.txt', bytes('k'), 'text/plain');
    await deleteStoredFile('https://elsewhere.example/public/avatars/u2/b.webp');
    await deleteStoredFile('/api/files/private/keep.txt');
    await deleteStoredFile(null);
    expect(await storage().get('public/avatars/u2/b.webp')).not.toBeNull();
    expect(await storage().get('private/keep.txt')).not.toBeNull();
    await deleteStoredFile('/api/files/public/avatars/u2/b.webp');
    expect(await storage().get('public/avatars/u2/b.webp')).toBeNull();
  });
});
