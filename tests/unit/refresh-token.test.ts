import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken, issuedHere, isUuid, newRefreshToken, sameHash, seal, sessionIdOf, unseal } from '@/lib/auth/refresh-token';
import { resetEnv } from '@/lib/env';

beforeAll(() => {
  process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
  resetEnv();
});

const id = '0b9f6c1e-7d2a-4c3b-9e8f-1a2b3c4d5e6f';

describe('refresh tokens', () => {
  it('carry a tag that only this server can make, for the session they name', () => {
    const token = newRefreshToken(id);
    expect(issuedHere(token)).toBe(true);
    const [head, secret] = token.split('.');
    const bytes = Buffer.from(secret, 'base64url');
    bytes[0] ^= 1;
    expect(issuedHere(`${head}.${bytes.toString('base64url')}`)).toBe(false);
    const other = newRefreshToken('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f').split('.')[1];
    expect(issuedHere(`${head}.${other}`)).toBe(false);
    expect(issuedHere(`${head}.${'A'.repeat(43)}`)).toBe(false);
  });

  it('carry 256 bits and name their session', () => {
    const a = newRefreshToken(id);
    const b = newRefreshToken(id);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.split('.')[1], 'base64url')).toHaveLength(32);
    expect(sessionIdOf(a)).toBe(id);
  });

  it('reject anything that is not one of ours', () => {
    for (const bad of [
      undefined,
      '',
      'abc',
      `${newRefreshToken(id)}.x`,
      'x'.repeat(300),
      `AAAA.${'a'.repeat(43)}`,
      `${newRefreshToken(id).split('.')[0]}.short`,
    ])
      expect(sessionIdOf(bad)).toBeNull();
  });

  it('are stored as hashes compared in constant time', () => {
    const token = newRefreshToken(id);
    expect(hashToken(token)).not.toContain(token.split('.')[1]);
    expect(sameHash(hashToken(token), hashToken(token))).toBe(true);
    expect(sameHash(hashToken(token), hashToken(newRefreshToken(id)))).toBe(false);
    expect(sameHash(null, hashToken(token))).toBe(false);
  });

  it('seal the next token so only the previous token opens it', () => {
    const previous = newRefreshToken(id);
    const next = newRefreshToken(id);
    const sealed = seal(next, previous);
    expect(sealed).not.toContain(next);
    expect(unseal(sealed, previous)).toBe(next);
    expect(unseal(sealed, newRefreshToken(id))).toBeNull();
    expect(
      unseal(
        sealed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        previous,
      ),
    ).toBeNull();
    expect(unseal(null, previous)).toBeNull();
  });

  it('recognise uuids', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid('s1')).toBe(false);
  });
});
