import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrio-env-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'x'.repeat(32);

function parseError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv({ DATA_DIR: dir, ...source });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error('parseEnv did not throw');
}

describe('parseEnv defaults', () => {
  it('fills in the documented defaults', () => {
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.APP_NAME).toBe('Atrio');
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.NODE_ENV).toBe('production');
    expect(env.dbKind).toBe('pglite');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.ROOT_EMAIL).toBe('root@localhost');
    expect(env.DEMO_DATA).toBe(true);
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.dataDir).toBe(path.resolve(dir));
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(parseEnv({ DATA_DIR: dir, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ DATA_DIR: dir, PUBLIC_URL: 'https://atrio.example.com/' }).PUBLIC_URL).toBe('https://atrio.example.com');
  });

  it('coerces and normalises values', () => {
    const env = parseEnv({ DATA_DIR: dir, PORT: '4000', DEMO_DATA: '0', ROOT_EMAIL: ' Admin@Example.COM ', APP_NAME: '  Acme  ' });
    expect(env.PORT).toBe(4000);
    expect(env.DEMO_DATA).toBe(false);
    expect(env.ROOT_EMAIL).toBe('admin@example.com');
    expect(env.APP_NAME).toBe('Acme');
    expect(parseEnv({ DATA_DIR: dir, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ DATA_DIR: dir, APP_NAME: '', PORT: '', DATABASE_URL: '', PUBLIC_URL: '', NODE_ENV: '', AUTH_SECRET: '' });
    expect(env.APP_NAME).toBe('Atrio');
    expect(env.PORT).toBe(3000);
    expect(env.dbKind).toBe('pglite');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.NODE_ENV).toBe('production');
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32); // generated, not ''
  });
});

describe('parseEnv validation', () => {
  it.each(['abc', '70000', '-1', '3.5'])('rejects PORT=%j naming PORT', (port) => {
    expect(parseError({ PORT: port }).message).toMatch(/^PORT: expected /m);
  });

  it('rejects a non-postgres DATABASE_URL naming DATABASE_URL', () => {
    const message = parseError({ DATABASE_URL: 'mysql://x' }).message;
    expect(message).toMatch(/^DATABASE_URL: expected /m);
    expect(message).toContain('postgres://');
    expect(parseError({ DATABASE_URL: 'not a url' }).message).toMatch(/DATABASE_URL/);
  });

  it('accepts postgres and postgresql URLs and reports dbKind postgres', () => {
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@localhost:5432/atrio' }).dbKind).toBe('postgres');
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: 'postgresql://localhost/atrio' }).dbKind).toBe('postgres');
  });

  it('rejects an AUTH_SECRET shorter than 32 characters naming AUTH_SECRET', () => {
    expect(parseError({ AUTH_SECRET: 'x'.repeat(31) }).message).toMatch(/^AUTH_SECRET: expected at least 32/m);
  });

  it('lists every bad variable, one per line', () => {
    const message = parseError({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }).message;
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toMatch(new RegExp(`^${name}: expected`, 'm'));
  });

  it('rejects a non-http PUBLIC_URL', () => {
    expect(parseError({ PUBLIC_URL: 'ftp://example.com' }).message).toMatch(/^PUBLIC_URL: /m);
  });

  it('never reads process.env', () => {
    const before = process.env.APP_NAME;
    process.env.APP_NAME = 'FromProcess';
    try {
      expect(parseEnv({ DATA_DIR: dir }).APP_NAME).toBe('Atrio');
    } finally {
      if (before === undefined) delete process.env.APP_NAME;
      else process.env.APP_NAME = before;
    }
  });
});

describe('AUTH_SECRET', () => {
  it('uses a given secret as is and creates no file', () => {
    const env = parseEnv({ DATA_DIR: dir, AUTH_SECRET: SECRET });
    expect(env.AUTH_SECRET).toBe(SECRET);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('parsing alone creates no file', () => {
    const env = parseEnv({ DATA_DIR: path.join(dir, 'nested') });
    expect(env.APP_NAME).toBe('Atrio');
    expect(JSON.stringify(env)).not.toContain('AUTH_SECRET');
    expect(existsSync(path.join(dir, 'nested'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is not enumerable, so spreading or logging the env does not leak it', () => {
    const env = parseEnv({ DATA_DIR: dir, AUTH_SECRET: SECRET });
    expect(Object.keys(env)).not.toContain('AUTH_SECRET');
    expect(JSON.stringify(env)).not.toContain(SECRET);
  });

  it('without a secret, the first read creates <DATA_DIR>/auth-secret with mode 600', () => {
    const dataDir = path.join(dir, 'data');
    const secret = parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET;
    const file = path.join(dataDir, 'auth-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('returns the same value on later reads and later parses with the same DATA_DIR', () => {
    const first = parseEnv({ DATA_DIR: dir });
    const secret = first.AUTH_SECRET;
    expect(first.AUTH_SECRET).toBe(secret);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(secret);
    expect(readdirSync(dir)).toEqual(['auth-secret']);
  });

  it('different data directories get different secrets', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'atrio-env-'));
    try {
      expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).not.toBe(parseEnv({ DATA_DIR: other }).AUTH_SECRET);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('reads an existing secret file, trimming its newline', () => {
    writeFileSync(path.join(dir, 'auth-secret'), `${SECRET}\n`);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(SECRET);
  });

  it('a given AUTH_SECRET wins over the stored file', () => {
    writeFileSync(path.join(dir, 'auth-secret'), 'y'.repeat(40));
    expect(parseEnv({ DATA_DIR: dir, AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
  });
});
